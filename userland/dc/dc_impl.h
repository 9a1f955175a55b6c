/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dc_impl.h - internals of the D compiler, shared by its stages only:
 *
 *   dc_lex.c     tokens (and #pragma lines, handed to dc_pragma.c)
 *   dc_parse.c   recursive descent over the whole D expression grammar
 *                and the clause structure, building the AST below
 *   dc_if.c      if/else: splitting a clause into guarded clauses
 *   dc_sem.c     semantic analysis of expressions: types, constants,
 *                pointers, copyin() buffers, subroutines
 *   dc_sem_var.c ... of variables, macros and assignments
 *   dc_sem_act.c ... of actions, aggregations, speculations
 *   dc_sem_cook.c the order a clause is checked in (actions first)
 *                (dc_sem.h: what the three share)
 *   dc_args.c    args[] (typed per provider), uregs[], the R_* names
 *   dc_cg.c      code generation, register allocation, record layout
 *   dc_printf.c  printf format parsing and argument checks
 *   dc_pragma.c  the option table
 *   dc_diag.c    diagnostics
 *   dc_cc.c      the driver (dc_compile), the self-check, dc_dump
 *
 * Errors never longjmp: every stage reports through dc_error() and
 * returns something harmless (NULL node, register 0) so the next
 * statement still gets checked.
 *
 * Tags for what the parser accepts but later stages do not generate yet
 * ("... is not supported yet"): member access, clause-local arrays,
 * typedefs and other declarations D_VAR_UNSUP; known subroutines and
 * actions not generated yet D_FUNC_UNDEF (as an unknown function);
 * address-of D_ADDROF_VAR.
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
#define DC_STACKFRAMES_DEFAULT	20
#define DC_STACKFRAMES_MAX	255
/* jstack(): DTrace's jstackframes and jstackstrsize defaults */
#define DC_JSTACKFRAMES_DEFAULT	50
#define DC_JSTACKSTRSIZE_DEFAULT 512

/* ---- types ------------------------------------------------------------ */

#define DC_T_VOID	0
#define DC_T_INT	1	/* integers and (for now) pointers */
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

#define DC_STACK_J	2	/* dc_type.uns of a jstack() */

/*
 * A pointer is a DC_T_INT of size 8, unsigned, with ptr >= 1 (an address
 * in kernel memory: dereference reads it fault-safely) or a DC_T_BUF (an
 * address in a copyin() buffer).  esize/euns describe the integer at the
 * end of the pointer chain (esize 0: void).
 */
struct dc_type {
	uint8_t kind;		/* DC_T_* */
	uint8_t size;		/* integers: 1, 2, 4, 8 */
	uint8_t uns;		/* integers: unsigned */
	uint8_t ptr;		/* pointer depth (a pointer is uns 8) */
	uint8_t esize;		/* pointers: size of the pointed-to integer,
				 * 0 for void */
	uint8_t euns;		/* pointers: the pointed-to integer is
				 * unsigned */
	uint32_t blen;		/* DC_T_BUF: bytes copyin() copied, when a
				 * constant and the pointer still points at
				 * their start (what trace() records); else 0 */
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
	DC_N_OFFSETOF,		/* offsetof(type, member) (parsed only) */
	DC_N_UREG,		/* sema: uregs[id] (from a DC_N_INDEX) */
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
	char *str;		/* DC_N_STR bytes, NUL-terminated */
	size_t slen;
	uint64_t ival;
	struct dc_type ctype;	/* cast/sizeof target, declared type */
	struct dc_type type;	/* sema: the expression's type */
	int id;			/* sema: built-in id, aggregation index */
	bool isconst;		/* sema: an integer constant expression */
	bool isvar;		/* sema: a variable reference (id = var) */
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

/* A D variable (index = program variable, prog->vars is built from these
 * at the end of the compilation: dc_vars_fini()). */
struct dc_var {
	char *name;		/* arena */
	uint32_t scope;		/* SONDE_VAR_* */
	struct dc_type type;	/* fixed by its declaration or first store */
	uint32_t nkeys;		/* associative arrays */
	struct dc_type keys[SONDE_MAX_AGG_KEYS];
	uint32_t line, col;	/* declaration or first assignment */
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

/* Preprocessor arguments -x options may add (define, undef, incdir,
 * cppargs). */
#define DC_MAX_CPPARGS	64

struct dc {
	struct sonde_kopt_set kopts[SONDE_NKOPTS];	/* from dc_setopt() */
	struct sonde_uopts uopts;
	struct dc_diagv diags;
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
	struct dc_src *srcs;
	uint32_t nsrcs;
	uint32_t cur_src;		/* input being parsed or generated */
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
};

/* What a clause did so far, for DTrace's speculation rules. */
#define DC_SPEC_SPECULATE	0x1	/* speculate() */
#define DC_SPEC_COMMIT		0x2	/* commit() */
#define DC_SPEC_DATAREC		0x4	/* a data-recording action before
					 * any speculate() */

/* dc_diag.c */
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

/* dc_parse.c */
void dc_parse(struct dc_cc *cc, uint32_t src);
/* Is @name a D type name (int, uint64_t, ...)? Fills @t. */
bool dc_type_name(const char *name, struct dc_type *t);

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
struct dc_type dc_builtin_type(int id);
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
