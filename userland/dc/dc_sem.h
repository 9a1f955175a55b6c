/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dc_sem.h - what the three files of semantic analysis share: dc_sem.c
 * (types, expressions, subroutines), dc_sem_var.c (variables, macros,
 * assignments) and dc_sem_act.c (actions, aggregations, speculations,
 * statements).  Nothing outside them includes it.  Userland only.
 */
#ifndef _SONDE_DC_SEM_H
#define _SONDE_DC_SEM_H

#include "dc_impl.h"

/* int (4 bytes, signed) and string */
extern const struct dc_type dc_int, dc_str;

/* ---- dc_sem.c ---------------------------------------------------------- */

/* A D integer type of @size bytes, unsigned if @uns. */
struct dc_type dc_int_type(int size, int uns);
/* C's integer promotion (to int). */
struct dc_type dc_sem_promote(struct dc_type t);
/* A built-in variable's id, or -1. */
int dc_builtin_lookup(const char *name);

/* D_PROTO_LEN and D_PROTO_ARG (argument @i, DTrace's parameter type from
 * the call's row, else @proto) of call @n, as DTrace words them. */
void dc_proto_len(struct dc_cc *cc, const struct dc_node *n,
		  uint32_t expected);
void dc_proto_arg(struct dc_cc *cc, const struct dc_node *n, uint32_t i,
		  const char *proto);
/* Does call @n pass as many arguments as its row takes?  Else
 * D_PROTO_LEN. */
bool dc_fn_arity(struct dc_cc *cc, const struct dc_node *n);

/*
 * Check expression @n: its type, constness and value (folded), errors
 * reported; false if it has errors.  The others check what their name
 * says, the same way.
 */
bool dc_sem_expr(struct dc_cc *cc, struct dc_node *n);
bool dc_sem_binary(struct dc_cc *cc, struct dc_node *n);
/* A call of a subroutine (n->fn of kind DC_FN_SUBR). */
bool dc_sem_subr(struct dc_cc *cc, struct dc_node *n);
/* Call arguments: each an expression, none void. */
bool dc_sem_args(struct dc_cc *cc, struct dc_node **args, uint32_t n);
/* @n must be an integer, for operator @op; else error @tag. */
bool dc_sem_need_int(struct dc_cc *cc, struct dc_node *n, const char *tag,
		     const char *op);

/* dc_sem_expr() without turning an array into a value: for what takes
 * an object (member access, [], sizeof, casts, &). */
bool dc_sem_obj(struct dc_cc *cc, struct dc_node *n);
/* @v as a value of integer type @t (C's conversion). */
uint64_t dc_sem_norm(uint64_t v, struct dc_type t);

/* ---- dc_sem_type.c ----------------------------------------------------- */

/* Name types of this compilation in dc_type_str(). */
void dc_sem_types_begin(struct dc_cc *cc);
/* The table's name for @t into @buf, or NULL for a plain type. */
const char *dc_type_tname(struct dc_type t, char *buf, size_t size);
/* Are table types @a and @b the same (tags by name)? */
bool dc_sem_same_type(struct dc_cc *cc, uint32_t a, uint32_t b);
/* A deep copy of expression @n, placed at @line:@col. */
struct dc_node *dc_node_clone(struct dc_cc *cc, const struct dc_node *n,
			      uint32_t line, uint32_t col);
/* An array as a value: a char array the string it holds, another a
 * pointer to its first element (dc_sem_decay()). */
bool dc_sem_value(struct dc_cc *cc, struct dc_node *n);
/* Checked @n converted to integer type @t (as by assignment). */
bool dc_sem_convert(struct dc_cc *cc, struct dc_node *n, struct dc_type t);
bool dc_sem_decay(struct dc_cc *cc, struct dc_node *n);
/* A constant 0 where a string is compared or assigned: the NULL string. */
bool dc_sem_null_str(struct dc_node *n);
/* A char pointer where a string is wanted: the string it points to. */
bool dc_sem_charptr_str(struct dc_cc *cc, struct dc_node *n);
bool dc_sem_unhnd(struct dc_cc *cc, struct dc_node *n);
bool dc_sem_is_ptr_var(struct dc_cc *cc, const struct dc_node *b);
bool dc_sem_tohnd(struct dc_cc *cc, struct dc_node *n);
/* The argument of trace() or print() (call @e): D_TRACE_DYN /
 * D_PRINT_DYN for a translated pointer or object, else as dc_sem_expr(). */
bool dc_sem_trace_arg(struct dc_cc *cc, struct dc_node *e);
uint32_t dc_sem_ptr_scale(struct dc_cc *cc, const struct dc_node *at,
			  struct dc_type t);
bool dc_sem_deref_typed(struct dc_cc *cc, struct dc_node *n);
bool dc_sem_member(struct dc_cc *cc, struct dc_node *n);
bool dc_sem_array_bounds(struct dc_cc *cc, struct dc_node *a,
			 struct dc_node *i);
bool dc_sem_offsetof(struct dc_cc *cc, struct dc_node *n);
bool dc_sem_sizeof_type(struct dc_cc *cc, struct dc_node *n,
			uint64_t *size);
/* An enumerator named by identifier @n: @n becomes its constant. */
bool dc_sem_enumerator(struct dc_cc *cc, struct dc_node *n);
/* An inline's index, or -1; expand it at @n. */
int dc_sem_inline_find(struct dc_cc *cc, const char *name);
bool dc_sem_inline(struct dc_cc *cc, struct dc_node *n, int id);
bool dc_sem_inline_args(struct dc_cc *cc, struct dc_node *n, int id,
			struct dc_node **args, uint32_t nargs);
bool dc_sem_xlate(struct dc_cc *cc, struct dc_node *n);
/* Element stores: is @l an element lvalue; l = r into it; is variable
 * @id of a struct or array type. */
bool dc_sem_is_elem(struct dc_cc *cc, const struct dc_node *l);
bool dc_sem_assign_elem(struct dc_cc *cc, struct dc_node *n);
bool dc_sem_var_byref(struct dc_cc *cc, int id);
/* May a value of type @t be key #@k of @what; are two key types the
 * same? */
bool dc_sem_key_ok(struct dc_cc *cc, const struct dc_type *t, uint32_t line,
		   uint32_t col, const char *what, uint32_t k);
bool dc_sem_key_same(struct dc_cc *cc, const struct dc_type *a,
		     const struct dc_type *b);
/* May a variable be of object type @t (struct, union, array)? */
bool dc_sem_byref_var_ok(struct dc_cc *cc, const struct dc_type *t,
			 uint32_t line, uint32_t col, const char *name);
/* trace() of a struct; print(ptr), print(struct value). */
bool dc_sem_object_bytes(struct dc_cc *cc, struct dc_node *n,
			 const char *what);
bool dc_sem_print(struct dc_cc *cc, struct dc_node *e);
/* A kernel symbol reference (`name, mod`name); &`name. */
bool dc_sem_symbol(struct dc_cc *cc, struct dc_node *n);
bool dc_sem_symbol_addr(struct dc_cc *cc, struct dc_node *n);
/* &object (@n the & node): its address. */
bool dc_sem_addrof(struct dc_cc *cc, struct dc_node *n);

/* ---- dc_sem_var.c ------------------------------------------------------ */

bool dc_sem_macro(struct dc_cc *cc, struct dc_node *n);
bool dc_sem_var_read(struct dc_cc *cc, struct dc_node *n);
bool dc_sem_assign(struct dc_cc *cc, struct dc_node *n);
bool dc_sem_incdec(struct dc_cc *cc, struct dc_node *n);

/* ---- dc_sem_act.c ------------------------------------------------------ */

/* One statement of a clause body. */
bool dc_sem_stmt(struct dc_cc *cc, struct dc_node *s);

/* ---- dc_sem_subr.c ----------------------------------------------------- */

/* An inline constant of DTrace's (NULL, DTRACEFLT_*, SIG*): @n becomes
 * it; false if @n names none. */
bool dc_sem_const_ident(struct dc_cc *cc, struct dc_node *n);
/* A call of a subroutine the compiler computes (n->fn of kind
 * DC_FN_CC: getmajor(), getminor()). */
bool dc_sem_call_cc(struct dc_cc *cc, struct dc_node *n);
/* After the arguments are checked: the subroutine a form of the call
 * means (strtok(NULL, d): strtok_next(d)) into *@s; false on error. */
bool dc_sem_subr_form(struct dc_cc *cc, struct dc_node *n,
		      const struct dc_fn **s);
/* s[i] on a string s (n->l, checked): a char. */
bool dc_sem_str_index(struct dc_cc *cc, struct dc_node *n);
/* sym(), mod(), usym(), umod(), uaddr(): one address. */
bool dc_sem_symact(struct dc_cc *cc, struct dc_node *e);

/* ---- dc_sem_cook.c ----------------------------------------------------- */

/* Check clause @c, actions and predicate in DTrace's order. */
bool dc_sem_clause_cook(struct dc_cc *cc, struct dc_clause_ast *c);

#endif /* _SONDE_DC_SEM_H */
