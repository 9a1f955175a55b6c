/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dc_impl.h - internals of the D compiler, shared by its stages only:
 *
 *   dc_lex.c     tokens (and #pragma lines, handed to dc_pragma.c)
 *   dc_parse.c   recursive descent over the whole D expression grammar
 *                and the clause structure, building the AST below
 *   dc_decl.c    declarations and type names (dc_parse.h: what the two
 *                parser files share)
 *   dc_sdt.c     provider definitions for sonde -h and -G (the lexer,
 *                into usdt.h's struct sonde_sdt_defs)
 *   dc_ctf.c     the type table; dc_btf.c the kernel's types from BTF
 *   dc_if.c      if/else: splitting a clause into guarded clauses
 *   dc_sem.c     semantic analysis of expressions: types, constants,
 *                pointers, copyin() buffers, subroutines
 *   dc_sem_var.c ... of variables, macros and assignments
 *   dc_sem_act.c ... of actions, aggregations, speculations
 *   dc_sem_type.c ... of declared and kernel types: members, arrays,
 *                casts, inlines, translators, struct variables, print()
 *   dc_sym.c     kernel symbols (kallsyms)
 *   dc_ptype.c   print()'s type tree for the consumer
 *   dc_sem_cook.c the order a clause is checked in (actions first)
 *                (dc_sem.h: what the semantic files share)
 *   dc_args.c    args[] (typed per provider), uregs[], the R_* names
 *   dc_cg.c      code generation, register allocation, record layout
 *   dc_printf.c  printf format parsing and argument checks
 *   dc_fn.c      the table of what D calls (dc_fn.h): subroutines,
 *                actions, aggregating functions, DTrace's others
 *   dc_pragma.c  the option table
 *   dc_diag.c    diagnostics
 *   dc_cc.c      the driver (dc_compile), the self-check, dc_dump
 *
 * Errors never longjmp: every stage reports through dc_error() and
 * returns something harmless (NULL node, register 0) so the next
 * statement still gets checked.
 *
 * Tags for what the parser accepts but later stages do not generate:
 * clause-local associative arrays and
 * provider definitions D_VAR_UNSUP / D_DECL_ARRSUP; DTrace's subroutines
 * and actions not generated (dc_fn.h's N rows) D_FUNC_UNDEF, as an
 * unknown function.
 */
#ifndef _SONDE_DC_IMPL_H
#define _SONDE_DC_IMPL_H

#include <stdarg.h>

#include "dc.h"
#include "fmtspec.h"

/* stack() / ustack() frames: DTrace's default, the VM's maximum (the
 * frame count of a stack key is 8 bits) */
/*
 * How deep expressions and statements may nest: parentheses, unary
 * operators, casts, ?:, assignments, if and blocks, and the length of a
 * chain of binary operators or postfix operations, which deepens the tree
 * as much.  The passes after the parser recurse on the tree, so this
 * bounds their stack; DTrace's yacc parser has the same kind of limit
 * (its stack) and reports it as a D_SYNTAX error.
 */
#define DC_MAX_NEST		1000
/* DTrace's stackframes and ustackframes defaults (dt_open.c's
 * _dtrace_stackframes, _dtrace_ustackframes) */
#define DC_STACKFRAMES_DEFAULT	20
#define DC_USTACKFRAMES_DEFAULT	100
#define DC_STRSIZE_DEFAULT	256	/* D's strsize: characters, as Linux dtrace */
#define DC_STACKFRAMES_MAX	255
/* jstack(): DTrace's jstackframes and jstackstrsize defaults */
#define DC_JSTACKFRAMES_DEFAULT	50
#define DC_JSTACKSTRSIZE_DEFAULT 512

/* ---- types ------------------------------------------------------------ */

#define DC_T_VOID	0
#define DC_T_INT	1	/* integers, enums and pointers */
#define DC_T_STR	2
#define DC_T_AGG	3	/* an aggregation reference (@a) */
#define DC_T_ERR	4	/* an expression that already failed */
#define DC_T_STACK	5	/* stack()/ustack() as an aggregation key:
				 * size = frames, uns = 1 for a user stack,
				 * DC_STACK_J for jstack() (blen = its
				 * bytes of names) */
#define DC_T_BUF	6	/* a pointer into a copyin() buffer (the
				 * VM's buffer register type): ptr >= 1 and
				 * esize/euns say what it points to */
#define DC_T_SOU	7	/* a struct or union object: its register
				 * holds its address, @space says where */
#define DC_T_ARRAY	8	/* an array object, likewise */
#define DC_T_SYM	9	/* sym(), func(), mod(), usym(), ufunc(),
				 * umod(), uaddr() as an aggregation key:
				 * uns = the action (SONDE_A_SYM ..
				 * SONDE_A_UADDR), size 8 (the kernel's
				 * address) or 16 (a user one: the pid,
				 * then the address) */

/* Where an object (DC_T_SOU, DC_T_ARRAY) lives. */
#define DC_SP_KERNEL	0	/* kernel memory: fault-safe loads */
#define DC_SP_BUF	1	/* the firing's scratch (a copyin() buffer):
				 * its register is a VM buffer */

#define DC_STACK_J	2	/* dc_type.uns of a jstack() */

/*
 * A pointer is a DC_T_INT of size 8, unsigned, with ptr >= 1 (an address
 * in kernel memory: dereference reads it fault-safely) or a DC_T_BUF (an
 * address in a copyin() buffer).  esize/euns describe the integer at the
 * end of the pointer chain (esize 0: void or not an integer).
 *
 * @tid names the exact type in the compilation's type table (dc_ctf.c):
 * struct, union, enum, typedef and array types, pointers to them, and
 * every declared type.  0 for the plain types the other fields describe
 * fully (integer constants, built-ins, strings).
 */
struct dc_type {
	uint8_t kind;		/* DC_T_* */
	uint8_t uns;		/* integers: unsigned */
	uint8_t ptr;		/* pointer depth (a pointer is uns 8) */
	uint8_t esize;		/* pointers: size of the pointed-to integer,
				 * 0 for void */
	uint8_t euns;		/* pointers: the pointed-to integer is
				 * unsigned */
	uint8_t space;		/* DC_T_SOU, DC_T_ARRAY: DC_SP_* */
	uint32_t size;		/* integers: 1, 2, 4, 8; objects: bytes */
	uint32_t blen;		/* DC_T_BUF: bytes copyin() copied, when a
				 * constant and the pointer still points at
				 * their start (what trace() records); else 0 */
	uint32_t tid;		/* type table id, or 0 */
	uint8_t hnd;		/* DC_T_INT pointers: DC_HND_* */
};

/*
 * A pointer into a copyin() or alloca() buffer kept in a global, a
 * thread-local or an array element is a handle (uapi SONDE_HND_*): an
 * integer that names the buffer in the run that made it, never its
 * address; dereferencing one turns it back (DC_N_HTOB).  DTrace's
 * DT_NF_ALLOCA taint: a variable holds handles or other pointers, never
 * both (D_ALLOCA_INCOMPAT).
 */
#define DC_HND_NONE	0
#define DC_HND_ALLOCA	1	/* a handle */
#define DC_HND_MIXED	2	/* c ? handle : pointer: neither, not to be
				 * stored or dereferenced (DT_NF_NONASSIGN) */

#include "dc_fn.h"

/* ---- the type table (dc_ctf.c) ---------------------------------------- */

/*
 * D's types, CTF-like: one table per compilation holding D's intrinsic
 * types, the types a script or a translator library declares, and the
 * kernel's types imported from BTF on first use (dc_btf.c).  An id is an
 * index into it; 0 is no type.  BTF types are imported lazily: a struct's
 * member types and a pointer's target are imported when they are first
 * asked for (dc_ct_ref(), dc_ct_member()), so naming struct task_struct
 * does not import the kernel.
 */
#define DC_CT_VOID	1
#define DC_CT_INT	2
#define DC_CT_FLOAT	3
#define DC_CT_PTR	4
#define DC_CT_ARRAY	5
#define DC_CT_STRUCT	6
#define DC_CT_UNION	7
#define DC_CT_ENUM	8
#define DC_CT_FUNC	9
#define DC_CT_TYPEDEF	10
#define DC_CT_FWD	11	/* a struct/union/enum tag without body */
#define DC_CT_CONST	12
#define DC_CT_VOLATILE	13
#define DC_CT_RESTRICT	14
#define DC_CT_STRING	15	/* D's string */

/* Where a type comes from. */
#define DC_CTS_D	0	/* D: intrinsic or declared */
#define DC_CTS_BTF	1	/* kernel BTF, object @obj */

struct dc_cmember {
	const char *name;	/* NULL: an anonymous struct/union */
	uint32_t type;		/* 0 until imported (BTF) */
	uint32_t btf;		/* its BTF type id (BTF structs) */
	uint32_t bitoff;	/* from the start of the struct */
	uint32_t bits;		/* bit-field width, 0 for a plain member */
};

struct dc_cenum {
	const char *name;
	int64_t val;
};

struct dc_ctype {
	uint8_t kind;		/* DC_CT_* */
	uint8_t src;		/* DC_CTS_* */
	uint8_t uns;		/* DC_CT_INT: unsigned */
	uint8_t fwdkind;	/* DC_CT_FWD: DC_CT_STRUCT, _UNION, _ENUM */
	uint8_t varargs;	/* DC_CT_FUNC */
	uint16_t obj;		/* DC_CTS_BTF: the BTF object (dc_btf.c) */
	const char *name;	/* ints, typedefs: the name; struct, union,
				 * enum, fwd: the tag (NULL: anonymous) */
	uint32_t size;		/* bytes; 0 for void, functions, fwd */
	uint32_t ref;		/* ptr, array element, typedef, qualifiers:
				 * the type; func: the return type; 0
				 * until imported (BTF) */
	uint32_t btf;		/* DC_CTS_BTF: its own BTF id */
	uint32_t n;		/* array: elements; struct, union: members;
				 * enum: values; func: arguments */
	struct dc_cmember *members;
	struct dc_cenum *vals;
	uint32_t *args;		/* func: argument types (BTF ids while
				 * argbtf is set) */
	uint8_t argbtf;
	uint32_t ptrto;		/* cached: a pointer to this type, or 0 */
	uint32_t hnext;		/* D names: the next type in its bucket */
};

#define DC_CT_NBUCKETS	256

struct dc_ctab {
	struct dc_ctype *v;	/* v[0] unused */
	uint32_t n, cap;
	uint32_t bucket[DC_CT_NBUCKETS];	/* D names, newest first */
	uint32_t t_int, t_char, t_void, t_string;	/* intrinsics */
};

/* A member found by dc_ct_member(). */
struct dc_cmfound {
	uint32_t type;		/* its type */
	uint32_t bitoff;	/* from the start of the outer object */
	uint32_t bits;		/* bit-field width or 0 */
};

/* ---- tokens ----------------------------------------------------------- */

enum dc_tokkind {
	DC_TK_EOF = 0,
	DC_TK_IDENT,
	DC_TK_INT,		/* integer and character constants */
	DC_TK_STR,
	DC_TK_MACRO,		/* $target, $1, $$1 (text in tok.text) */
	DC_TK_AGG,		/* @name or @ (text: the name, "_" for @) */
	DC_TK_KEYWORD,		/* tok.kw says which */
	/* punctuators */
	DC_TK_LPAR, DC_TK_RPAR, DC_TK_LBRAC, DC_TK_RBRAC, DC_TK_LBRACE,
	DC_TK_RBRACE, DC_TK_COMMA, DC_TK_SEMI, DC_TK_COLON, DC_TK_QUEST,
	DC_TK_DOT, DC_TK_ARROW, DC_TK_ELLIPSIS,
	DC_TK_PLUS, DC_TK_MINUS, DC_TK_STAR, DC_TK_SLASH, DC_TK_PERCENT,
	DC_TK_AMP, DC_TK_BOR, DC_TK_XOR, DC_TK_TILDE, DC_TK_LNOT,
	DC_TK_LT, DC_TK_GT, DC_TK_LE, DC_TK_GE, DC_TK_EQ, DC_TK_NE,
	DC_TK_LAND, DC_TK_LOR, DC_TK_LXOR, DC_TK_SHL, DC_TK_SHR,
	DC_TK_INC, DC_TK_DEC,
	DC_TK_ASSIGN, DC_TK_ADD_EQ, DC_TK_SUB_EQ, DC_TK_MUL_EQ,
	DC_TK_DIV_EQ, DC_TK_MOD_EQ, DC_TK_AND_EQ, DC_TK_OR_EQ,
	DC_TK_XOR_EQ, DC_TK_SHL_EQ, DC_TK_SHR_EQ,
	DC_TK_ERROR,		/* a lexical error already reported */
	DC_TK_NKINDS
};

/* D keywords (D reserves all of C's plus its own). */
#define DC_KEYWORDS(K)							\
	K(auto) K(break) K(case) K(char) K(const) K(continue)		\
	K(counter) K(default) K(do) K(double) K(else) K(enum)		\
	K(extern) K(float) K(for) K(goto) K(if) K(import) K(inline)	\
	K(int) K(long) K(offsetof) K(probe) K(provider) K(register)	\
	K(restrict) K(return) K(self) K(short) K(signed) K(sizeof)	\
	K(static) K(string) K(stringof) K(struct) K(switch) K(this)	\
	K(translator) K(typedef) K(union) K(unsigned) K(userland)	\
	K(void) K(volatile) K(while) K(xlate)

#define DC_KW_ENUM_(k) DC_KW_##k,
enum dc_keyword { DC_KW_NONE_ = 0, DC_KEYWORDS(DC_KW_ENUM_) DC_NKWS };
#undef DC_KW_ENUM_

struct dc_tok {
	int kind;		/* DC_TK_* */
	int kw;			/* DC_KW_* for DC_TK_KEYWORD */
	uint32_t line, col;
	const char *start;	/* in the source */
	size_t len;
	uint64_t ival;		/* DC_TK_INT */
	struct dc_type ityp;	/* DC_TK_INT: its C type */
	char *text;		/* IDENT, MACRO, AGG: name; STR: processed
				 * bytes (NUL-terminated, may hold NULs);
				 * owned by the parser's arena */
	size_t tlen;
};

/* ---- AST -------------------------------------------------------------- */

enum dc_nodekind {
	DC_N_INT,		/* ival, type */
	DC_N_STR,		/* str, slen */
	DC_N_NULLSTR,		/* DTrace's NULL string: a 0 compared with
				 * or assigned to a string (sem only) */
	DC_N_IDENT,		/* name: a built-in, or a variable */
	DC_N_MACRO,		/* name: "target", "1", "$1" */
	DC_N_AGG,		/* @name[args]: name, args (keys) */
	DC_N_UNARY,		/* op, l */
	DC_N_POSTFIX,		/* op (INC/DEC), l */
	DC_N_BINARY,		/* op, l, r */
	DC_N_LOGICAL,		/* op (LAND/LOR/LXOR), l, r */
	DC_N_TERNARY,		/* x ? l : r */
	DC_N_ASSIGN,		/* op (ASSIGN, ADD_EQ, ...), l, r */
	DC_N_COMMA,		/* l, r */
	DC_N_CAST,		/* ctype, l */
	DC_N_SIZEOF,		/* ctype (l NULL) or l */
	DC_N_STRINGOF,		/* l */
	DC_N_CALL,		/* name, args */
	DC_N_INDEX,		/* l[args] */
	DC_N_MEMBER,		/* l->name (op ARROW) or l.name (op DOT) */
	DC_N_SELF,		/* self->name */
	DC_N_THIS,		/* this->name */
	DC_N_OFFSETOF,		/* offsetof(type, member) */
	DC_N_UREG,		/* sema: uregs[id] (from a DC_N_INDEX) */
	DC_N_XLATE,		/* xlate <ctype> (l): a translated object or
				 * pointer (id = translator) */
	DC_N_XARG,		/* sema: a translator's input: the checked
				 * expression x, shared */
	DC_N_DECAY,		/* sema: array object l as a pointer to its
				 * first element */
	DC_N_SYM,		/* a kernel symbol: ival its address; name */
	DC_N_ADDR,		/* sema: &l, the address of member or object
				 * l */
	DC_N_BTOH,		/* sema: buffer l kept in a variable other
				 * than a clause-local: its handle (btoh) */
	DC_N_HTOB,		/* sema: handle l dereferenced: the buffer
				 * it names in this run (htob) */
	/* statements */
	DC_N_EXPR,		/* l; */
	DC_N_IF,		/* if (x) l else r */
	DC_N_BLOCK,		/* { body } */
	DC_N_DECL,		/* a declaration (parsed only) */
	DC_N_NKINDS
};

struct dc_node {
	int kind;		/* DC_N_* */
	int op;			/* DC_TK_* of the operator */
	uint32_t line, col;
	struct dc_node *l, *r, *x;
	struct dc_node **args;
	uint32_t nargs;
	char *name;
	const struct dc_fn *fn;	/* DC_N_CALL: what the name calls (the
				 * parser's dc_fn_lookup()), or NULL */
	char *str;		/* DC_N_STR bytes, NUL-terminated */
	size_t slen;
	uint64_t ival;
	struct dc_type ctype;	/* cast/sizeof target, declared type */
	struct dc_type type;	/* sema: the expression's type */
	int id;			/* sema: built-in id, aggregation index */
	bool isconst;		/* sema: an integer constant expression */
	bool isvar;		/* sema: a variable reference (id = var) */
	uint8_t bits;		/* sema, DC_N_MEMBER: a bit-field's width */
	uint8_t bshift;		/* ... its first bit in the loaded unit */
	uint8_t bsize;		/* ... the unit's bytes (at ival) */
	struct dc_node *next;	/* statement lists */
	struct dc_node *body;	/* DC_N_BLOCK */
};

/* A probe description as written. */
struct dc_pdesc_ast {
	char *text;
	uint32_t line, col;
};

struct dc_clause_ast {
	struct dc_pdesc_ast *descs;
	uint32_t ndescs;
	struct dc_node *pred;	/* or NULL */
	struct dc_node *body;	/* statement list, NULL when empty */
	bool has_body;		/* false: -n desc without { } */
	uint32_t line;
	uint32_t src;		/* input index */
	bool bad;		/* syntax errors: skip later stages */
};

/* ---- the compilation -------------------------------------------------- */

/* A chunk of memory freed with the compilation (AST, tokens). */
struct dc_arena {
	struct dc_arena *next;
	size_t used, size;
	char mem[];
};

struct dc_src {
	const char *name;
	const char *text;
	size_t len;
	uint32_t kind;		/* DC_IN_* */
	const char *orig;	/* the text as written (diagnostics' source
				 * lines) when @text is cpp's output */
	char *cpp_out;		/* malloc'd cpp output, or NULL */
	char **files;		/* files cpp's line markers named (#include),
				 * malloc'd; see DC_LINE_FILE() */
	uint32_t nfiles;
	bool owned;		/* a D library: name and text malloc'd */
};

/*
 * A source line number carries, in its top bits, the file of its input it
 * belongs to: 0 the input itself, N files[N - 1] (a file cpp's line
 * markers named: an #include).  Diagnostics print that file and line.
 */
#define DC_LINE_BITS	20
#define DC_LINE_MASK	((1u << DC_LINE_BITS) - 1)
#define DC_LINE(l)	((l) & DC_LINE_MASK)
#define DC_LINE_FILE(l)	((l) >> DC_LINE_BITS)
#define DC_MAX_FILES	((1u << (32 - DC_LINE_BITS)) - 1)

/* An inline: `inline type name = expr;`, expanded where named. */
struct dc_inline {
	const char *name;
	struct dc_type type;	/* as declared */
	struct dc_node *expr;	/* as parsed; each use checks a copy */
	/* an inline with a tuple signature (`inline fileinfo_t fds[int
	 * fd] = ...`): used as name[args], each parameter bound to its
	 * argument converted to the parameter's type */
	uint32_t nparams;
	const char *pnames[SONDE_MAX_AGG_KEYS];
	struct dc_type ptypes[SONDE_MAX_AGG_KEYS];
	uint32_t line, col;
	bool busy;		/* being expanded (a cycle is an error) */
};

/* One member conversion of a translator: `name = expr;`. */
struct dc_xlmember {
	const char *name;
	struct dc_node *expr;
	uint32_t line, col;
};

/* `translator out < in param > { members };` */
struct dc_xlator {
	uint32_t out;		/* struct or union type */
	uint32_t in;		/* input type (may be a kernel type) */
	const char *param;	/* the input's name in the members */
	struct dc_xlmember *m;
	uint32_t n;
	uint32_t line, col;
};

/* `extern type name;`: the type of kernel symbol `name. */
struct dc_extsym {
	const char *name;
	uint32_t tid;
};

/* A D variable (index = program variable, prog->vars is built from these
 * at the end of the compilation: dc_vars_fini()). */
struct dc_var {
	char *name;		/* arena */
	uint32_t scope;		/* SONDE_VAR_* */
	struct dc_type type;	/* fixed by its declaration or first store */
	uint32_t nkeys;		/* associative arrays */
	struct dc_type keys[SONDE_MAX_AGG_KEYS];
	uint32_t line, col;	/* declaration or first assignment */
	uint8_t alloca;		/* assigned a handle (DTrace's
				 * DT_IDFLG_ALLOCA) */
	uint8_t nonalloca;	/* assigned a pointer or integer other than
				 * a handle or 0 (DT_IDFLG_NONALLOCA) */
};

/* Compile-time view of one aggregation (index = program aggregation). */
struct dc_agg {
	uint32_t line, col;	/* first use */
};

/* Diagnostics storage (in the handle). */
struct dc_diagv {
	struct dc_diag *v;
	unsigned int n, cap;
};

struct dc_btfset;
/* Preprocessor arguments -x options may add (define, undef, incdir,
 * cppargs). */
#define DC_MAX_CPPARGS	64

struct dc {
	struct sonde_kopt_set kopts[SONDE_NKOPTS];	/* from dc_setopt() */
	struct sonde_uopts uopts;
	struct dc_diagv diags;
	struct dc_btfset *btf;		/* the kernel's BTF, parsed once,
					 * when first needed (dc_btf.c) */
	/* the preprocessor, as -x cpp, cpphdrs, cpppath, define, undef,
	 * incdir, cppargs set it (added to dc_opts's) */
	bool cpp, cpphdrs;
	char *cpppath;
	char *cppargs[DC_MAX_CPPARGS];
	unsigned int ncppargs;
};

/* One compilation: lives for the duration of dc_compile(). */
struct dc_cc {
	struct dc *dc;
	const struct dc_opts *opts;
	struct dc_src *srcs;		/* the inputs, then the D libraries */
	uint32_t nsrcs, cap_srcs;
	bool libs_loaded;		/* the D libraries are compiled */
	bool libs_needed;		/* dc_libs_need() said so: this pass
					 * is done again with them */
	bool in_lib;			/* parsing a D library */
	uint32_t cur_src;		/* input being parsed or generated */
	/* the program's provider definitions (dc_sdt.c's reading of them):
	 * their probes' argument types give args[] of their USDT probes */
	struct sonde_sdt_defs *udefs;
	struct dc_arena *arena;
	struct sonde_program *prog;
	bool oom;
	unsigned int nerrors;
	/* clause ASTs, in order */
	struct dc_clause_ast *clauses;
	uint32_t nclauses, cap_clauses;
	/* aggregation bookkeeping parallel to prog->aggs */
	struct dc_agg *aggs;
	uint32_t cap_aggs;
	uint32_t cap_insns, cap_consts, cap_strtab;
	/* the string table's strings and the constants, hashed, so adding
	 * one is constant time (dc_cg.c) */
	struct dc_index {
		struct dc_slot {
			uint32_t hash;
			uint32_t entry;		/* entry + 1; 0: free */
		} *slot;
		uint32_t cap, n;		/* cap: a power of 2 */
	} strindex, constindex;
	/* variables */
	struct dc_var *vars;
	uint32_t nvars, cap_vars;
	/* code generation state */
	struct dc_cg *cg;
	/* sema of the current clause */
	uint32_t cur_clause;		/* its index (prog->clauses) */
	bool in_pred;			/* checking its predicate */
	uint32_t spec_state;		/* DC_SPEC_*: speculation rules */
	/* if/else: hidden this-> variables made so far */
	uint32_t nifvars;
	/* types: the table, and BTF ids imported into it, per object */
	struct dc_ctab ct;
	uint32_t **btfmap;
	uint32_t nbtfmap;
	/* declarations: inlines, translators, extern symbols */
	struct dc_inline *inls;
	uint32_t ninls, cap_inls;
	struct dc_xlator *xls;
	uint32_t nxls, cap_xls;
	struct dc_extsym *exts;
	uint32_t nexts, cap_exts;
};

/* What a clause did so far, for DTrace's speculation rules. */
#define DC_SPEC_SPECULATE	0x1	/* speculate() */
#define DC_SPEC_COMMIT		0x2	/* commit() */
#define DC_SPEC_DATAREC		0x4	/* a data-recording action before
					 * any speculate() */

/* dc_ctf.c: the type table */
void dc_ct_init(struct dc_cc *cc);
void dc_ct_free(struct dc_cc *cc);
/* Add a type (copied); its id, 0 on OOM. */
uint32_t dc_ct_add(struct dc_cc *cc, const struct dc_ctype *t);
/* Type @id (a zeroed type for 0 or a bad id); invalidated by additions. */
struct dc_ctype *dc_ct(struct dc_cc *cc, uint32_t id);
/* The D type named @name in its namespace: a tag of @kind (DC_CT_STRUCT,
 * _UNION, _ENUM: forward declarations too) or, for DC_CT_TYPEDEF, a
 * typedef or intrinsic name; 0 if none. */
uint32_t dc_ct_find(struct dc_cc *cc, uint32_t kind, const char *name);
/* Tag @name of @kind: D's, or a new forward declaration of it. */
uint32_t dc_ct_fwd(struct dc_cc *cc, uint32_t kind, const char *name);
/* What @id refers to (pointer target, element, typedef, qualified type,
 * return type), imported on demand. */
uint32_t dc_ct_ref(struct dc_cc *cc, uint32_t id);
/* @id without typedefs and qualifiers, and that type's kind. */
uint32_t dc_ct_resolve(struct dc_cc *cc, uint32_t id);
uint32_t dc_ct_kind(struct dc_cc *cc, uint32_t id);
/* A forward declaration completed by a later D definition or the
 * kernel's; false if @id stays incomplete (or is void, a function). */
bool dc_ct_complete(struct dc_cc *cc, uint32_t *id);
uint32_t dc_ct_size(struct dc_cc *cc, uint32_t id);
uint32_t dc_ct_align(struct dc_cc *cc, uint32_t id);
/* Member @i's type of struct/union @sou (imported on demand). */
uint32_t dc_ct_mtype(struct dc_cc *cc, uint32_t sou, uint32_t i);
/* Member @name of struct/union @sou, through anonymous members: 0 and
 * @f filled, or -1. */
int dc_ct_member(struct dc_cc *cc, uint32_t sou, const char *name,
		 struct dc_cmfound *f);
/* A pointer to @id, an array of @n @elem (new or cached). */
uint32_t dc_ct_ptr(struct dc_cc *cc, uint32_t id);
uint32_t dc_ct_arr(struct dc_cc *cc, uint32_t elem, uint32_t n);
/* The intrinsic integer of @size bytes. */
uint32_t dc_ct_intof(struct dc_cc *cc, uint32_t size, bool uns);
/* A D enumerator: its enum and value. */
bool dc_ct_enumerator(struct dc_cc *cc, const char *name, uint32_t *tid,
		      int64_t *val);
/* Argument @i of function type @fn. */
uint32_t dc_ct_farg(struct dc_cc *cc, uint32_t fn, uint32_t i);
/* "struct task_struct *", "char [16]", "int (*)(void)" into @buf. */
const char *dc_ct_name(struct dc_cc *cc, uint32_t id, char *buf,
		       size_t size);
/* The expression type of a value of type @id in @space (DC_SP_*). */
struct dc_type dc_ct_type(struct dc_cc *cc, uint32_t id, uint32_t space);
bool dc_ct_is_char(struct dc_cc *cc, uint32_t id);
bool dc_ct_is_chararray(struct dc_cc *cc, uint32_t id);
bool dc_ct_is_charptr(struct dc_cc *cc, uint32_t id);

/* dc_btf.c: the kernel's types */
void dc_btf_free(struct dc *dc);
void dc_btf_cc_free(struct dc_cc *cc);
/* Kernel type @name of @kind (DC_CT_STRUCT, _UNION, _ENUM, _TYPEDEF;
 * DC_CT_FUNC: a function's prototype; DC_CT_VOID: a variable's type) in
 * object @objname (vmlinux, a module), or in vmlinux and then (with
 * @modules) the modules; 0 if none. */
uint32_t dc_btf_lookup(struct dc_cc *cc, uint32_t kind, const char *name,
		       const char *objname, bool modules);
/* Is there kernel BTF at all (vmlinux's)?  Is @objname a BTF object? */
bool dc_btf_available(struct dc_cc *cc);
bool dc_btf_objexists(struct dc_cc *cc, const char *objname);
/* Is variable @name one of the per-CPU section's? */
bool dc_btf_var_percpu(struct dc_cc *cc, const char *name,
		       const char *objname);
/* Why a kernel type cannot be had, for a message. */
const char *dc_btf_error(struct dc_cc *cc, char *buf, size_t size);
/* The lazy parts of an imported type (dc_ctf.c's accessors call these). */
uint32_t dc_btf_import(struct dc_cc *cc, uint32_t obj, uint32_t id);
uint32_t dc_btf_ref(struct dc_cc *cc, uint32_t tid);
uint32_t dc_btf_member(struct dc_cc *cc, uint32_t sou, uint32_t i);
uint32_t dc_btf_farg(struct dc_cc *cc, uint32_t fn, uint32_t i);

/* dc_diag.c */
/*
 * DTrace's own words for the error just reported, when sonde's say more:
 * the message the command prints under the name dtrace (dc_diag.dtmsg),
 * and the line it names if not the error's (@line; 0: the same).
 */
__attribute__((format(printf, 3, 4)))
void dc_error_dtmsg(struct dc_cc *cc, uint32_t line, const char *fmt, ...);
__attribute__((format(printf, 5, 6)))
void dc_error(struct dc_cc *cc, const char *tag, uint32_t line,
	      uint32_t col, const char *fmt, ...);
void dc_diags_clear(struct dc *dc);
/* Forget the diagnostics from the @n-th on (an undone try). */
void dc_diags_truncate(struct dc *dc, unsigned int n);

/* memory (dc_cc.c) */
void *dc_alloc(struct dc_cc *cc, size_t size);		/* zeroed, arena */
char *dc_strndup(struct dc_cc *cc, const char *s, size_t n); /* arena */
/* grow a malloc'd array of @esize elements to hold @need; false on OOM */
bool dc_grow(struct dc_cc *cc, void **v, uint32_t *cap, uint32_t need,
	     size_t esize);

/* dc_lex.c */
struct dc_lexer {
	struct dc_cc *cc;
	const char *src, *end, *p;
	uint32_t line;
	const char *line_start;
	bool bol;		/* only whitespace since the line started */
	/* provider files of -h and -G (dc_sdt.c): every # line is skipped
	 * whole, #pragma D attributes and a build's #define alike, as the
	 * old -h parser did; there is no program for #pragma to set */
	bool sdt;
};

void dc_lex_init(struct dc_lexer *lx, struct dc_cc *cc, const char *src,
		 size_t len);
void dc_lex_next(struct dc_lexer *lx, struct dc_tok *tok);
/* Skip blanks, comments and # lines; false at end of input. */
bool dc_lex_skip(struct dc_lexer *lx);
/* A probe description at the current position (after dc_lex_skip()). */
bool dc_lex_pdesc(struct dc_lexer *lx, struct dc_tok *tok);
/* Is the identifier at the current position a word that starts a
 * declaration (int, string, self, this, typedef, ...)? */
bool dc_lex_at_decl(struct dc_lexer *lx);
const char *dc_tok_name(int kind);
const char *dc_kw_name(int kw);

/*
 * dc_cc.c: the program names what a D library may declare (a type, an
 * identifier, a translated args[], a struct to complete).  False when the
 * libraries are compiled already or there are none: look further (the
 * kernel's BTF), or say the name is unknown.  True when they are not
 * compiled yet: dc_compile() compiles the program again with them, so
 * this pass is thrown away and the caller just gives up (no error of its
 * own).
 */
bool dc_libs_need(struct dc_cc *cc);

/* dc_parse.c */
void dc_parse(struct dc_cc *cc, uint32_t src);
/* Expression @text (the compiler's own: args[] translations), its nodes
 * placed at @line:@col; NULL after a reported error. */
struct dc_node *dc_parse_expr_text(struct dc_cc *cc, const char *text,
				   uint32_t line, uint32_t col);

/* dc_if.c */
/* Split clause @idx at its if statements (appends clauses). */
void dc_if_split(struct dc_cc *cc, uint32_t idx);

/* dc_sem.c, dc_sem_var.c, dc_sem_act.c */
/* Check clause @c; false if it has errors (no code then). */
bool dc_sem_clause(struct dc_cc *cc, struct dc_clause_ast *c);
/* Value of an integer constant expression checked by sema. */
int64_t dc_sem_const_val(const struct dc_node *n);
struct sonde_dtype dc_dtype(struct dc_cc *cc, struct dc_type t);
/* Name of a macro argument's value, for probe descriptions: expands
 * $target, $pid, $N in @in; NULL (error reported) on failure. */
char *dc_sem_expand_pdesc(struct dc_cc *cc, const char *in, uint32_t line,
			  uint32_t col);
/* D type of built-in @id. */
struct dc_type dc_builtin_type(struct dc_cc *cc, int id);
/* Variable @name of @scope with @nkeys keys (-1: any), or -1. */
int dc_var_find(struct dc_cc *cc, const char *name, uint32_t scope);
/* Define a variable (declaration or first assignment); -1 on error. */
int dc_var_define(struct dc_cc *cc, const char *name, uint32_t scope,
		  struct dc_type t, uint32_t nkeys, const struct dc_type *keys,
		  uint32_t line, uint32_t col);
/* Build prog->vars from cc->vars. */
void dc_vars_fini(struct dc_cc *cc);
/* "int *", "unsigned char", "string"...: a static buffer per call, the
 * last few calls' results stay valid. */
const char *dc_type_str(struct dc_type t);
/* The integer sema gives an index expression: checked, constant. */
bool dc_sem_const_index(struct dc_cc *cc, struct dc_node *idx,
			const char *what, int64_t *v);

/* dc_args.c: args[], uregs[] and the R_* register names */
/* args[@n->args[0]] of the clause being checked: its type into @n and
 * n->id = the argN built-in; false (reported) if it has none. */
bool dc_args_index(struct dc_cc *cc, struct dc_node *n);
/* uregs[N]: checks the index, sets n->id = N and n->type. */
bool dc_uregs_index(struct dc_cc *cc, struct dc_node *n);
/* The value of register name @name (R_RAX, R_PC...), or -1. */
int dc_reg_const(const char *name);

/* dc_cg.c */
void dc_cg_clause(struct dc_cc *cc, struct dc_clause_ast *c, uint32_t idx);
void dc_cg_fini(struct dc_cc *cc);
uint32_t dc_strtab_add(struct dc_cc *cc, const char *s, size_t len);

/* dc_ptype.c: print()'s type tree for the consumer (0, or -1 reported) */
int dc_ptype_build(struct dc_cc *cc, uint32_t tid, struct sonde_ptnode **out,
		   uint32_t *n);

/* dc_printf.c */
/* Check a printf/printa format against the argument nodes @args[nargs]
 * (types set by sema); reports at @fmtnode. */
bool dc_printf_check(struct dc_cc *cc, const struct dc_node *fmtnode,
		     struct dc_node **args, uint32_t nargs, bool printa);

/* dc_pragma.c */
/* Apply one option; fills @err (a message) when it fails.  @dc (NULL in
 * a script's pragma and for a compiled program) keeps the options of the
 * preprocessor. */
int dc_opt_apply(struct dc *dc, struct sonde_kopt_set *kopts,
		 struct sonde_uopts *u, const char *name, const char *value,
		 char *err, size_t errsz);
void dc_uopts_default(struct sonde_uopts *u);
/* One "#pragma ..." line (the text after '#', no newline). */
void dc_pragma(struct dc_cc *cc, const char *text, size_t len,
	       uint32_t line, uint32_t col);

#endif /* _SONDE_DC_IMPL_H */
