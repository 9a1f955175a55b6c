// SPDX-License-Identifier: GPL-2.0
/*
 * dc_decl.c - D declarations and type names, the second file of the
 * parser (dc_parse.h): declaration specifiers (storage classes, self and
 * this, qualifiers, integer words, typedef names, struct / union / enum
 * specifiers and bodies with bit-fields and enumerators), declarators
 * (pointers, arrays, tuple signatures, functions, parentheses), type
 * names of casts, sizeof, offsetof and xlate, and the top-level
 * declarations: variables, typedefs, extern symbol types, inline
 * definitions and translators.  Types go into the compilation's table
 * (dc_ctf.c) as they are declared, so a later declaration or clause sees
 * them; struct layouts follow the C ABI of x86-64.  Errors carry
 * DTrace's tags and messages (dt_decl.c, dt_parser.c).  Userland only.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_impl.h"
#include "usdt.h"
#include "dc_parse.h"
#include "dc_sem.h"

/* Storage classes. */
#define DS_NONE		0
#define DS_TYPEDEF	1
#define DS_EXTERN	2
#define DS_STATIC	3
#define DS_REGISTER	4
#define DS_AUTO		5
#define DS_SELF		6
#define DS_THIS		7

/* Integer words seen. */
#define DA_SIGNED	0x01
#define DA_UNSIGNED	0x02
#define DA_SHORT	0x04
#define DA_LONG		0x08
#define DA_LONGLONG	0x10

struct dc_dspec {
	int class;
	uint32_t tid;		/* the base type, 0 after an error */
	struct dc_tok at;	/* the first token */
};

/* One step of a declarator, applied to the base type in order. */
struct dc_dop {
	int kind;		/* DC_CT_PTR, _ARRAY, _FUNC, _CONST... */
	uint32_t n;		/* array: elements */
	bool tuple;		/* array: a tuple signature [type, ...] */
	uint32_t nkeys;
	struct dc_type keys[SONDE_MAX_AGG_KEYS];
	/* a tuple's parameter names, where it gives them (an inline's:
	 * `inline fileinfo_t fds[int fd] = ...`), else NULL */
	const char *pnames[SONDE_MAX_AGG_KEYS];
	uint32_t nargs;		/* function */
	uint32_t *args;
	bool varargs;
};

#define DC_MAX_DOPS	16

struct dc_declr {
	struct dc_tok name;	/* kind DC_TK_EOF: abstract */
	struct dc_dop ops[DC_MAX_DOPS];
	uint32_t nops;
};

static bool dc_decl_specs(struct dc_parser *p, struct dc_dspec *ds,
			  bool allow_class);
static bool dc_declarator(struct dc_parser *p, struct dc_declr *d,
			  bool abstract);
static uint32_t dc_declr_apply(struct dc_parser *p, uint32_t base,
			       const struct dc_declr *d);

/* ---- type names in expressions ----------------------------------------- */

/* "mod`name": the module and the name, or false. */
static bool dc_scoped(const char *text, char *mod, size_t msize,
		      const char **name)
{
	const char *q = strchr(text, '`');

	if (!q || q == text || (size_t)(q - text) >= msize)
		return false;
	memcpy(mod, text, q - text);
	mod[q - text] = 0;
	*name = q + 1;
	return **name && !strchr(*name, '`');
}

/* Is @t a kernel typedef name (BTF; read only for this question)? */
static bool dc_kernel_typedef(struct dc_parser *p, const char *text)
{
	char mod[64];
	const char *name;

	if (dc_scoped(text, mod, sizeof(mod), &name))
		return dc_btf_lookup(p->cc, DC_CT_TYPEDEF, name, mod, false);
	if (dc_builtin_lookup(text) >= 0 ||
	    dc_var_find(p->cc, text, SONDE_VAR_GLOBAL) >= 0)
		return false;
	return dc_btf_lookup(p->cc, DC_CT_TYPEDEF, text, NULL, true) != 0;
}

/* Can a token start the operand of a cast?  (After "(name)", only then
 * may name be a type: "(x) / 2" never is.) */
static bool dc_cast_operand(const struct dc_tok *t)
{
	switch (t->kind) {
	case DC_TK_IDENT: case DC_TK_INT: case DC_TK_STR: case DC_TK_LPAR:
	case DC_TK_MACRO: case DC_TK_LNOT: case DC_TK_TILDE:
	case DC_TK_MINUS: case DC_TK_PLUS: case DC_TK_STAR: case DC_TK_AMP:
	case DC_TK_INC: case DC_TK_DEC:
		return true;
	case DC_TK_KEYWORD:
		return t->kw == DC_KW_sizeof || t->kw == DC_KW_stringof ||
		       t->kw == DC_KW_self || t->kw == DC_KW_this ||
		       t->kw == DC_KW_offsetof || t->kw == DC_KW_xlate;
	}
	return false;
}

bool dc_decl_at_type(struct dc_parser *p, int n)
{
	struct dc_tok *t = peek(p, n);
	int k;

	if (t->kind == DC_TK_IDENT) {
		if (!t->text)
			return false;
		if (dc_ct_find(p->cc, DC_CT_TYPEDEF, t->text))
			return true;
		if (t->text[0] == '`')
			return false;
		if (strchr(t->text, '`'))
			return dc_kernel_typedef(p, t->text);
		/* a library's or the kernel's typedef only where an
		 * expression cannot be: "(name *...)" or "(name) operand" */
		k = n + 1;
		if (peek(p, k)->kind == DC_TK_STAR) {
			while (k < DC_P_LOOKAHEAD - 1 &&
			       peek(p, k)->kind == DC_TK_STAR)
				k++;
			if (peek(p, k)->kind != DC_TK_RPAR)
				return false;
		} else if (peek(p, k)->kind != DC_TK_RPAR ||
			   k + 1 >= DC_P_LOOKAHEAD ||
			   !dc_cast_operand(peek(p, k + 1))) {
			return false;
		}
		if (dc_libs_need(p->cc))
			return false;
		return dc_kernel_typedef(p, t->text);
	}
	if (t->kind != DC_TK_KEYWORD)
		return false;
	switch (t->kw) {
	case DC_KW_char: case DC_KW_short: case DC_KW_int: case DC_KW_long:
	case DC_KW_signed: case DC_KW_unsigned: case DC_KW_const:
	case DC_KW_volatile: case DC_KW_restrict: case DC_KW_string:
	case DC_KW_void: case DC_KW_struct: case DC_KW_union:
	case DC_KW_enum: case DC_KW_float: case DC_KW_double:
		return true;
	}
	return false;
}

/* A type name, or with @name a type and an optional parameter name (set
 * to it, or NULL): a tuple signature's `int fd`. */
static struct dc_type dc_decl_typename_named(struct dc_parser *p,
					     const char **name)
{
	struct dc_type err = { .kind = DC_T_ERR };
	struct dc_dspec ds;
	struct dc_declr d;
	uint32_t tid;

	if (!dc_decl_specs(p, &ds, false) || !ds.tid)
		return err;
	if (!dc_declarator(p, &d, true))
		return err;
	if (name)
		*name = d.name.kind == DC_TK_EOF ? NULL : d.name.text;
	else if (d.name.kind != DC_TK_EOF) {
		syntax(p, &d.name, "expected a type name");
		return err;
	}
	tid = dc_declr_apply(p, ds.tid, &d);
	if (!tid)
		return err;
	return dc_ct_type(p->cc, tid, DC_SP_KERNEL);
}

struct dc_type dc_decl_typename(struct dc_parser *p)
{
	return dc_decl_typename_named(p, NULL);
}

/* ---- specifiers --------------------------------------------------------- */

static uint32_t dc_sou_spec(struct dc_parser *p, int kind);
static uint32_t dc_enum_spec(struct dc_parser *p);

static const char *dc_class_name(int c)
{
	static const char *const n[] = { "", "typedef", "extern", "static",
					  "register", "auto", "self", "this" };

	return c >= 0 && c < 8 ? n[c] : "?";
}

/* The intrinsic integer named by the words @attr (and @chr for char). */
static uint32_t dc_int_of(struct dc_parser *p, int attr, bool chr,
			  const struct dc_tok *at)
{
	char name[64] = "";

	if ((attr & DA_SIGNED) && (attr & DA_UNSIGNED)) {
		dc_error(p->cc, "D_DECL_COMBO", at->line, at->col,
			 "invalid type combination");
		return 0;
	}
	if (chr && (attr & (DA_SHORT | DA_LONG | DA_LONGLONG))) {
		dc_error(p->cc, "D_DECL_CHARATTR", at->line, at->col,
			 "invalid type declaration: short and long may not be used with char type");
		return 0;
	}
	if ((attr & DA_SHORT) && (attr & (DA_LONG | DA_LONGLONG))) {
		dc_error(p->cc, "D_DECL_COMBO", at->line, at->col,
			 "invalid type combination");
		return 0;
	}
	if (attr & DA_UNSIGNED)
		strcat(name, "unsigned ");
	if (chr) {
		if (attr & DA_SIGNED)
			strcpy(name, "signed ");
		strcat(name, "char");
	} else if (attr & DA_SHORT) {
		strcat(name, "short");
	} else if (attr & DA_LONGLONG) {
		strcat(name, "long long");
	} else if (attr & DA_LONG) {
		strcat(name, "long");
	} else {
		strcat(name, "int");
	}
	return dc_ct_find(p->cc, DC_CT_TYPEDEF, name);
}

/* Identifier @t as a type name: a typedef (the D libraries' too),
 * mod`typedef (a kernel type name) or a kernel typedef (u64, loff_t...).
 * 1: it is one, consumed, in *@named; 0: it is not; -1: a kernel type
 * name that does not resolve (the statement's only error). */
static int dc_spec_name(struct dc_parser *p, const struct dc_tok *t,
			uint32_t *named)
{
	if ((*named = dc_ct_find(p->cc, DC_CT_TYPEDEF, t->text))) {
		advance(p);
		return 1;
	}
	if (!strchr(t->text, '`') && dc_libs_need(p->cc))
		return 0;
	if (t->text[0] != '`' && strchr(t->text, '`')) {
		char mod[64];
		const char *name;

		advance(p);
		if (dc_scoped(t->text, mod, sizeof(mod), &name))
			*named = dc_btf_lookup(p->cc, DC_CT_TYPEDEF, name, mod,
					       false);
		if (!*named) {
			char why[512];

			dc_error(p->cc, "D_TYPE_ERR", t->line, t->col,
				 "failed to resolve type %s: %s", t->text,
				 dc_btf_error(p->cc, why, sizeof(why)));
			p->err = true;
			return -1;
		}
		return 1;
	}
	if (t->text[0] != '`' &&
	    (peek(p, 1)->kind == DC_TK_STAR || peek(p, 1)->kind == DC_TK_RPAR ||
	     peek(p, 1)->kind == DC_TK_IDENT || peek(p, 1)->kind == DC_TK_GT ||
	     peek(p, 1)->kind == DC_TK_COMMA) &&
	    dc_kernel_typedef(p, t->text)) {
		*named = dc_btf_lookup(p->cc, DC_CT_TYPEDEF, t->text, NULL,
				       true);
		advance(p);
		return 1;
	}
	return 0;
}

/* Integer word @t (signed, unsigned, short, long, char, int) into *@attr
 * and *@chr; @bad when a type other than an integer was named. */
static bool dc_spec_intword(struct dc_parser *p, const struct dc_tok *t,
			    bool bad, int *attr, bool *chr)
{
	bool sign = t->kw == DC_KW_signed || t->kw == DC_KW_unsigned;

	if (bad) {
		dc_error(p->cc, sign ? "D_DECL_SIGNINT" :
			 t->kw == DC_KW_long ? "D_DECL_LONGINT" :
			 "D_DECL_COMBO", t->line, t->col, sign ?
			 "invalid type declaration: signed and unsigned may only be used with integer type" :
			 t->kw == DC_KW_long ?
			 "invalid type declaration: long and long long may only be used with integer or floating-point type" :
			 "invalid type combination");
		return false;
	}
	advance(p);
	if (t->kw == DC_KW_signed)
		*attr |= DA_SIGNED;
	else if (t->kw == DC_KW_unsigned)
		*attr |= DA_UNSIGNED;
	else if (t->kw == DC_KW_short)
		*attr |= DA_SHORT;
	else if (t->kw == DC_KW_long)
		*attr |= (*attr & DA_LONG) ? DA_LONGLONG : DA_LONG;
	else if (t->kw == DC_KW_char) {
		if (*chr) {
			dc_error(p->cc, "D_DECL_COMBO", t->line, t->col,
				 "invalid type combination");
			return false;
		}
		*chr = true;
	}
	return true;
}

/*
 * Declaration specifiers: at most one storage class (or self / this,
 * with @allow_class), qualifiers, and one type: integer words, void,
 * string, float, double, a typedef name, a struct, union or enum.
 */
static bool dc_decl_specs(struct dc_parser *p, struct dc_dspec *ds,
			  bool allow_class)
{
	int attr = 0;
	bool chr = false, any = false, isint = false, cnst = false, vol = false;
	uint32_t named = 0;

	memset(ds, 0, sizeof(*ds));
	ds->at = *peek(p, 0);
	for (;;) {
		struct dc_tok t = *peek(p, 0);
		int cls = DS_NONE;

		if (t.kind == DC_TK_IDENT && !any && t.text) {
			int got = dc_spec_name(p, &t, &named);

			if (got < 0)
				return true;	/* ds->tid is 0 */
			if (got) {
				any = true;
				continue;
			}
		}
		if (t.kind != DC_TK_KEYWORD)
			break;
		switch (t.kw) {
		case DC_KW_typedef: cls = DS_TYPEDEF; break;
		case DC_KW_extern: cls = DS_EXTERN; break;
		case DC_KW_static: cls = DS_STATIC; break;
		case DC_KW_register: cls = DS_REGISTER; break;
		case DC_KW_auto: cls = DS_AUTO; break;
		case DC_KW_self: cls = DS_SELF; break;
		case DC_KW_this: cls = DS_THIS; break;
		}
		if (cls) {
			if (!allow_class)
				break;
			advance(p);
			if (ds->class) {
				dc_error(p->cc, "D_DECL_CLASS", t.line, t.col,
					 "only one storage class allowed in a declaration");
				return false;
			}
			ds->class = cls;
			continue;
		}
		switch (t.kw) {
		case DC_KW_const:
			cnst = true;
			advance(p);
			continue;
		case DC_KW_volatile:
		case DC_KW_restrict:
			vol |= t.kw == DC_KW_volatile;
			advance(p);
			continue;
		case DC_KW_signed:
		case DC_KW_unsigned:
		case DC_KW_short:
		case DC_KW_long:
		case DC_KW_char:
		case DC_KW_int:
			if (!dc_spec_intword(p, &t, named || (any && !isint),
					     &attr, &chr))
				return false;
			any = isint = true;
			continue;
		case DC_KW_void:
		case DC_KW_string:
		case DC_KW_float:
		case DC_KW_double:
		case DC_KW_struct:
		case DC_KW_union:
		case DC_KW_enum:
			if (any) {
				dc_error(p->cc, "D_DECL_COMBO", t.line, t.col,
					 "invalid type combination");
				return false;
			}
			any = true;
			if (t.kw == DC_KW_struct || t.kw == DC_KW_union) {
				named = dc_sou_spec(p, t.kw == DC_KW_struct ?
						    DC_CT_STRUCT : DC_CT_UNION);
				if (!named)
					return false;
			} else if (t.kw == DC_KW_enum) {
				named = dc_enum_spec(p);
				if (!named)
					return false;
			} else {
				advance(p);
				named = t.kw == DC_KW_void ? p->cc->ct.t_void :
					t.kw == DC_KW_string ?
					p->cc->ct.t_string :
					dc_ct_find(p->cc, DC_CT_TYPEDEF,
						   t.kw == DC_KW_float ? "float" :
						   (attr & DA_LONG) ?
						   "long double" : "double");
			}
			continue;
		}
		break;
	}
	if (!any) {
		if (ds->class || cnst || vol) {
			/* "const x": C's implicit int */
			ds->tid = p->cc->ct.t_int;
		} else {
			syntax(p, peek(p, 0), "expected a type name");
			return false;
		}
	} else if (isint) {
		ds->tid = dc_int_of(p, attr, chr, &ds->at);
		if (!ds->tid)
			return false;
	} else {
		ds->tid = named;
	}
	if (cnst || vol) {
		struct dc_ctype q;

		memset(&q, 0, sizeof(q));
		q.kind = cnst ? DC_CT_CONST : DC_CT_VOLATILE;
		q.ref = ds->tid;
		ds->tid = dc_ct_add(p->cc, &q);
	}
	return true;
}

/* ---- struct, union, enum ------------------------------------------------ */

/* The tag after struct/union/enum: a plain name, or mod`name. */
static bool dc_tag(struct dc_parser *p, struct dc_tok *t)
{
	*t = *peek(p, 0);
	if (t->kind != DC_TK_IDENT)
		return false;
	advance(p);
	return true;
}

/* A reference to tag @name of @kind: D's, then (mod`name) the kernel's;
 * an unknown plain tag is a forward declaration the kernel's BTF may
 * complete when it is used. */
static uint32_t dc_tag_ref(struct dc_parser *p, int kind,
			   const struct dc_tok *t)
{
	struct dc_ctype f;
	char mod[64];
	const char *name;
	uint32_t id;

	if (strchr(t->text, '`')) {
		char why[512];

		/* D`name: the D program's own type (DTrace's "D" object) */
		if (dc_scoped(t->text, mod, sizeof(mod), &name) &&
		    !strcmp(mod, "D") && (id = dc_ct_find(p->cc, kind, name)))
			return id;
		if (dc_scoped(t->text, mod, sizeof(mod), &name) &&
		    (id = dc_btf_lookup(p->cc, kind, name, mod, false)))
			return id;
		if (dc_scoped(t->text, mod, sizeof(mod), &name) &&
		    dc_btf_available(p->cc) && !dc_btf_objexists(p->cc, mod))
			dc_error(p->cc, "D_TYPE_ERR", t->line, t->col,
				 "failed to resolve type %s %s: unknown module name %s",
				 kind == DC_CT_STRUCT ? "struct" :
				 kind == DC_CT_UNION ? "union" : "enum",
				 t->text, mod);
		else
			dc_error(p->cc, "D_TYPE_ERR", t->line, t->col,
				 "failed to resolve type %s %s: %s",
				 kind == DC_CT_STRUCT ? "struct" :
				 kind == DC_CT_UNION ? "union" : "enum",
				 t->text, dc_btf_error(p->cc, why, sizeof(why)));
		p->err = true;	/* the statement's only error */
		return 0;
	}
	id = dc_ct_find(p->cc, kind, t->text);
	if (id)
		return id;
	memset(&f, 0, sizeof(f));
	f.kind = DC_CT_FWD;
	f.fwdkind = (uint8_t)kind;
	f.name = t->text;
	return dc_ct_add(p->cc, &f);
}

/* Lay out the members of @sou (offsets in bits already relative to the
 * member list: computed here, C's rules for x86-64). */
static void dc_sou_layout(struct dc_cc *cc, uint32_t sou)
{
	uint64_t off = 0, size = 0;
	uint32_t align = 1, i, n = dc_ct(cc, sou)->n;
	bool isunion = dc_ct(cc, sou)->kind == DC_CT_UNION;

	for (i = 0; i < n; i++) {
		struct dc_cmember *m = &dc_ct(cc, sou)->members[i];
		uint32_t mt = m->type, ma = dc_ct_align(cc, mt);
		uint64_t msize = dc_ct_size(cc, mt), unit;

		if (ma > align)
			align = ma;
		if (isunion) {
			m->bitoff = 0;
			if (msize > size)
				size = msize;
			continue;
		}
		if (m->bits) {
			/* a bit-field: in the current unit of its type if it
			 * fits, else at the next one */
			unit = msize * 8;
			if (off / unit != (off + m->bits - 1) / unit)
				off = (off + unit - 1) / unit * unit;
			m->bitoff = (uint32_t)off;
			off += m->bits;
			continue;
		}
		off = (off + ma * 8 - 1) / (ma * 8) * (ma * 8);
		m->bitoff = (uint32_t)off;
		off += msize * 8;
	}
	if (!isunion)
		size = (off + 7) / 8;
	size = (size + align - 1) / align * align;
	dc_ct(cc, sou)->size = size > UINT32_MAX ? UINT32_MAX : (uint32_t)size;
}

/* One member declaration list "specs declarator[:bits], ...;". */
static bool dc_sou_members(struct dc_parser *p, struct dc_cmember **mv,
			   uint32_t *nm, uint32_t *cap)
{
	struct dc_dspec ds;

	if (!dc_decl_specs(p, &ds, false) || !ds.tid)
		return false;
	for (;;) {
		struct dc_declr d;
		struct dc_tok at = *peek(p, 0);
		struct dc_cmember m;
		uint32_t tid, k;
		char tn[256];

		memset(&m, 0, sizeof(m));
		memset(&d, 0, sizeof(d));
		d.name.kind = DC_TK_EOF;
		if (peekk(p) != DC_TK_COLON && !dc_declarator(p, &d, true))
			return false;
		tid = dc_declr_apply(p, ds.tid, &d);
		if (!tid)
			return false;
		if (peekk(p) == DC_TK_COLON) {
			struct dc_node *e;
			uint32_t base = dc_ct_resolve(p->cc, tid);

			advance(p);
			e = parse_cond(p);
			if (!e)
				return false;
			if (!dc_sem_expr(p->cc, e) || !e->isconst ||
			    e->type.kind != DC_T_INT || (int64_t)e->ival < 0 ||
			    (!e->ival && d.name.kind != DC_TK_EOF)) {
				dc_error(p->cc, "D_DECL_BFCONST", e->line,
					 e->col,
					 "positive integral constant expression expected as bit-field size");
				return false;
			}
			if (dc_ct(p->cc, base)->kind != DC_CT_INT &&
			    dc_ct(p->cc, base)->kind != DC_CT_ENUM) {
				dc_error(p->cc, "D_DECL_BFTYPE", at.line, at.col,
					 "invalid type for bit-field: %s",
					 d.name.text ? d.name.text : "(anon)");
				return false;
			}
			if (e->ival > (uint64_t)dc_ct_size(p->cc, base) * 8) {
				dc_error(p->cc, "D_DECL_BFSIZE", at.line, at.col,
					 "bit-field too big for type: %s",
					 d.name.text ? d.name.text : "(anon)");
				return false;
			}
			if (!e->ival)	/* ":0": C's alignment directive */
				goto next;
			m.bits = (uint32_t)e->ival;
		}
		if (d.name.kind == DC_TK_EOF && !m.bits &&
		    dc_ct_kind(p->cc, tid) != DC_CT_STRUCT &&
		    dc_ct_kind(p->cc, tid) != DC_CT_UNION) {
			dc_error(p->cc, "D_DECL_MNAME", at.line, at.col,
				 "member declaration requires a name");
			return false;
		}
		if (d.name.kind != DC_TK_EOF && strchr(d.name.text, '`')) {
			dc_error(p->cc, "D_DECL_SCOPE", d.name.line, d.name.col,
				 "D scoping operator may not be used in a member name (%s)",
				 d.name.text);
			return false;
		}
		if (dc_ct_kind(p->cc, tid) == DC_CT_VOID) {
			dc_error(p->cc, "D_DECL_VOIDOBJ", at.line, at.col,
				 "cannot have void member: %s",
				 d.name.text ? d.name.text : "(anon)");
			return false;
		}
		if (!dc_ct_complete(p->cc, &tid) || !dc_ct_size(p->cc, tid)) {
			dc_error(p->cc, "D_DECL_INCOMPLETE", at.line, at.col,
				 "incomplete struct/union/enum %s: %s",
				 dc_ct_name(p->cc, tid, tn, sizeof(tn)),
				 d.name.text ? d.name.text : "(anon)");
			return false;
		}
		m.type = tid;
		m.name = d.name.kind == DC_TK_EOF ? NULL : d.name.text;
		for (k = 0; m.name && k < *nm; k++) {
			if ((*mv)[k].name && !strcmp((*mv)[k].name, m.name)) {
				dc_error(p->cc, "D_DECL_IDRED", d.name.line,
					 d.name.col,
					 "identifier redeclared: %s", m.name);
				return false;
			}
		}
		if (!dc_grow(p->cc, (void **)mv, cap, *nm + 1, sizeof(**mv)))
			return false;
		(*mv)[(*nm)++] = m;
next:
		if (peekk(p) != DC_TK_COMMA)
			break;
		advance(p);
	}
	return expect(p, DC_TK_SEMI, "expected ';' after the member");
}

/* struct/union [tag] [{ members }] after the keyword: the type. */
static uint32_t dc_sou_spec(struct dc_parser *p, int kind)
{
	struct dc_tok kw = advance(p), tag;
	struct dc_cmember *mv = NULL;
	uint32_t nm = 0, cap = 0, id;
	bool named = dc_tag(p, &tag);
	struct dc_ctype t;
	char n[256];

	if (peekk(p) != DC_TK_LBRACE) {
		if (!named) {
			syntax(p, peek(p, 0), "expected a struct or union tag or '{'");
			return 0;
		}
		return dc_tag_ref(p, kind, &tag);
	}
	if (named && strchr(tag.text, '`')) {
		dc_error(p->cc, "D_DECL_SCOPE", tag.line, tag.col,
			 "D scoping operator may not be used in a type name");
		return 0;
	}
	if (named && (id = dc_ct_find(p->cc, kind, tag.text)) &&
	    dc_ct(p->cc, id)->kind != DC_CT_FWD) {
		dc_error(p->cc, "D_DECL_TYPERED", kw.line, kw.col,
			 "type redeclared: %s", dc_ct_name(p->cc, id, n, sizeof(n)));
		return 0;
	}
	advance(p);
	while (peekk(p) != DC_TK_RBRACE) {
		if (peekk(p) == DC_TK_EOF || p->err ||
		    !dc_sou_members(p, &mv, &nm, &cap)) {
			free(mv);
			if (!p->err)
				p->err = true;
			return 0;
		}
	}
	advance(p);
	memset(&t, 0, sizeof(t));
	t.kind = (uint8_t)kind;
	t.name = named ? tag.text : NULL;
	t.n = nm;
	t.members = dc_alloc(p->cc, (nm ? nm : 1) * sizeof(*mv));
	if (!t.members) {
		free(mv);
		return 0;
	}
	if (nm)
		memcpy(t.members, mv, nm * sizeof(*mv));
	free(mv);
	id = dc_ct_add(p->cc, &t);
	if (id)
		dc_sou_layout(p->cc, id);
	return id;
}

/* enum [tag] [{ A [= value], ... }] after the keyword: the type. */
static uint32_t dc_enum_spec(struct dc_parser *p)
{
	struct dc_tok kw = advance(p), tag;
	struct dc_cenum *vals = NULL;
	uint32_t nv = 0, cap = 0, id, tid;
	bool named = dc_tag(p, &tag);
	int64_t next = 0, v, ov;
	struct dc_ctype t;
	char n[256];

	if (peekk(p) != DC_TK_LBRACE) {
		if (!named) {
			syntax(p, peek(p, 0), "expected an enum tag or '{'");
			return 0;
		}
		return dc_tag_ref(p, DC_CT_ENUM, &tag);
	}
	if (named && strchr(tag.text, '`')) {
		dc_error(p->cc, "D_DECL_SCOPE", tag.line, tag.col,
			 "D scoping operator may not be used in a type name");
		return 0;
	}
	if (named && (id = dc_ct_find(p->cc, DC_CT_ENUM, tag.text)) &&
	    dc_ct(p->cc, id)->kind != DC_CT_FWD) {
		dc_error(p->cc, "D_DECL_TYPERED", kw.line, kw.col,
			 "type redeclared: %s", dc_ct_name(p->cc, id, n, sizeof(n)));
		return 0;
	}
	advance(p);
	/* the type exists while its enumerators are read: a value may use
	 * the ones before it */
	memset(&t, 0, sizeof(t));
	t.kind = DC_CT_ENUM;
	t.name = named ? tag.text : NULL;
	t.size = 4;
	id = dc_ct_add(p->cc, &t);
	if (!id)
		return 0;
	while (peekk(p) != DC_TK_RBRACE) {
		struct dc_tok e = *peek(p, 0);
		uint32_t k;

		if (!expect(p, DC_TK_IDENT, "expected an enumerator name"))
			goto fail;
		if (strchr(e.text, '`')) {
			dc_error(p->cc, "D_DECL_SCOPE", e.line, e.col,
				 "D scoping operator may not be used in an enumerator name (%s)",
				 e.text);
			goto fail;
		}
		v = next;
		if (peekk(p) == DC_TK_ASSIGN) {
			struct dc_node *x;

			advance(p);
			x = parse_cond(p);
			if (!x)
				goto fail;
			if (!dc_sem_expr(p->cc, x) || !x->isconst ||
			    x->type.kind != DC_T_INT) {
				dc_error(p->cc, "D_DECL_ENCONST", e.line, e.col,
					 "enumerator '%s' must be assigned to an integral constant expression",
					 e.text);
				goto fail;
			}
			v = (int64_t)x->ival;
			if (x->type.uns && x->type.size == 8 && v < 0)
				v = INT64_MAX;
		}
		if (v > INT32_MAX || v < INT32_MIN) {
			dc_error(p->cc, "D_DECL_ENOFLOW", e.line, e.col,
				 "enumerator '%s' value overflows INT_MAX (%d)",
				 e.text, INT32_MAX);
			goto fail;
		}
		for (k = 0; k < nv; k++)
			if (!strcmp(vals[k].name, e.text))
				break;
		if (k < nv || dc_ct_enumerator(p->cc, e.text, &tid, &ov) ||
		    dc_ct_find(p->cc, DC_CT_TYPEDEF, e.text)) {
			dc_error(p->cc, "D_DECL_IDRED", e.line, e.col,
				 "identifier redeclared: %s", e.text);
			goto fail;
		}
		if (!dc_grow(p->cc, (void **)&vals, &cap, nv + 1,
			     sizeof(*vals)))
			goto fail;
		vals[nv].name = e.text;
		vals[nv++].val = v;
		/* visible to the next values */
		dc_ct(p->cc, id)->vals = vals;
		dc_ct(p->cc, id)->n = nv;
		next = v + 1;
		if (peekk(p) != DC_TK_COMMA)
			break;
		advance(p);
	}
	if (!expect(p, DC_TK_RBRACE, "expected '}' after the enumerators"))
		goto fail;
	t.vals = dc_alloc(p->cc, (nv ? nv : 1) * sizeof(*vals));
	if (t.vals && nv)
		memcpy(t.vals, vals, nv * sizeof(*vals));
	free(vals);
	dc_ct(p->cc, id)->vals = t.vals;
	dc_ct(p->cc, id)->n = t.vals ? nv : 0;
	return id;
fail:
	free(vals);
	dc_ct(p->cc, id)->vals = NULL;
	dc_ct(p->cc, id)->n = 0;
	return 0;
}

/* ---- declarators -------------------------------------------------------- */

static bool dc_push_op(struct dc_parser *p, struct dc_declr *d,
		       const struct dc_dop *op)
{
	if (d->nops == DC_MAX_DOPS) {
		syntax(p, peek(p, 0), "declarator too complex");
		return false;
	}
	d->ops[d->nops++] = *op;
	return true;
}

/* '[' ... ']' after the '[': a dimension, a tuple signature or nothing. */
static bool dc_array_op(struct dc_parser *p, struct dc_dop *op)
{
	struct dc_node *e;

	memset(op, 0, sizeof(*op));
	op->kind = DC_CT_ARRAY;
	if (peekk(p) == DC_TK_RBRAC) {
		advance(p);
		op->tuple = true;	/* no dimension, no keys */
		return true;
	}
	if (dc_decl_at_type(p, 0)) {
		op->tuple = true;
		for (;;) {
			const char *pname;
			struct dc_type k = dc_decl_typename_named(p, &pname);

			if (p->err || k.kind == DC_T_ERR)
				return false;
			if (op->nkeys < SONDE_MAX_AGG_KEYS) {
				op->keys[op->nkeys] = k;
				op->pnames[op->nkeys] = pname;
			}
			op->nkeys++;
			if (peekk(p) != DC_TK_COMMA)
				break;
			advance(p);
		}
		return expect(p, DC_TK_RBRAC, "expected ']'");
	}
	e = parse_cond(p);
	if (!e)
		return false;
	if (!dc_sem_expr(p->cc, e) || !e->isconst ||
	    e->type.kind != DC_T_INT || (int64_t)e->ival <= 0) {
		dc_error(p->cc, "D_DECL_ARRSUB", e->line, e->col,
			 "positive integral constant expression or tuple signature expected as array declaration subscript");
		p->err = true;
		return false;
	}
	if (e->ival > UINT32_MAX / 8) {
		dc_error(p->cc, "D_DECL_ARRBIG", e->line, e->col,
			 "array dimension too big");
		p->err = true;
		return false;
	}
	op->n = (uint32_t)e->ival;
	return expect(p, DC_TK_RBRAC, "expected ']'");
}

/* '(' parameters ')' after the '(': a function's argument types. */
static bool dc_func_op(struct dc_parser *p, struct dc_dop *op)
{
	uint32_t args[64], n = 0;

	memset(op, 0, sizeof(*op));
	op->kind = DC_CT_FUNC;
	while (peekk(p) != DC_TK_RPAR) {
		struct dc_dspec ds;
		struct dc_declr d;
		uint32_t t;

		if (peekk(p) == DC_TK_ELLIPSIS) {
			advance(p);
			op->varargs = true;
			break;
		}
		if (!dc_decl_specs(p, &ds, false) || !ds.tid ||
		    !dc_declarator(p, &d, true))
			return false;
		t = dc_declr_apply(p, ds.tid, &d);
		if (!t)
			return false;
		if (dc_ct_kind(p->cc, t) == DC_CT_VOID && !n &&
		    peekk(p) == DC_TK_RPAR && !d.nops)
			break;		/* (void) */
		if (n < 64)
			args[n++] = t;
		if (peekk(p) != DC_TK_COMMA)
			break;
		advance(p);
	}
	if (!expect(p, DC_TK_RPAR, "expected ')' after the parameters"))
		return false;
	op->nargs = n;
	op->args = dc_alloc(p->cc, (n ? n : 1) * sizeof(*op->args));
	if (!op->args)
		return false;
	memcpy(op->args, args, n * sizeof(*args));
	return true;
}

/*
 * A declarator, the name included unless @abstract allows it to be
 * absent.  d->ops lists what to apply to the base type in order: the
 * pointers, then the suffixes right to left, then what the parentheses
 * held (C's inside-out reading).
 */
static bool dc_declarator(struct dc_parser *p, struct dc_declr *d,
			  bool abstract)
{
	struct dc_dop ptrs[DC_MAX_DOPS], sfx[DC_MAX_DOPS];
	uint32_t np = 0, ns = 0, i;
	struct dc_declr inner;
	bool nested = false;

	memset(d, 0, sizeof(*d));
	d->name.kind = DC_TK_EOF;
	memset(&inner, 0, sizeof(inner));
	while (peekk(p) == DC_TK_STAR) {
		advance(p);
		if (np == DC_MAX_DOPS) {
			syntax(p, peek(p, 0), "declarator too complex");
			return false;
		}
		memset(&ptrs[np], 0, sizeof(ptrs[np]));
		ptrs[np++].kind = DC_CT_PTR;
		while (is_kw(p, 0, DC_KW_const) || is_kw(p, 0, DC_KW_volatile) ||
		       is_kw(p, 0, DC_KW_restrict)) {
			struct dc_tok q = advance(p);

			if (np == DC_MAX_DOPS) {
				syntax(p, peek(p, 0), "declarator too complex");
				return false;
			}
			memset(&ptrs[np], 0, sizeof(ptrs[np]));
			ptrs[np++].kind = q.kw == DC_KW_const ? DC_CT_CONST :
					  q.kw == DC_KW_volatile ?
					  DC_CT_VOLATILE : DC_CT_RESTRICT;
		}
	}
	if (peekk(p) == DC_TK_LPAR && (peek(p, 1)->kind == DC_TK_STAR ||
				       peek(p, 1)->kind == DC_TK_LPAR ||
				       (peek(p, 1)->kind == DC_TK_IDENT &&
					!dc_decl_at_type(p, 1)))) {
		advance(p);
		if (!dc_declarator(p, &inner, abstract) ||
		    !expect(p, DC_TK_RPAR, "expected ')'"))
			return false;
		d->name = inner.name;
		nested = true;
	} else if (peekk(p) == DC_TK_IDENT) {
		d->name = advance(p);
	} else if (!abstract) {
		syntax(p, peek(p, 0), "expected a declarator name");
		return false;
	}
	for (;;) {
		struct dc_dop op;

		if (peekk(p) == DC_TK_LBRAC) {
			advance(p);
			if (!dc_array_op(p, &op))
				return false;
		} else if (peekk(p) == DC_TK_LPAR && (d->name.kind != DC_TK_EOF ||
						      nested)) {
			advance(p);
			if (!dc_func_op(p, &op))
				return false;
		} else {
			break;
		}
		if (ns == DC_MAX_DOPS) {
			syntax(p, peek(p, 0), "declarator too complex");
			return false;
		}
		sfx[ns++] = op;
	}
	for (i = 0; i < np; i++)
		if (!dc_push_op(p, d, &ptrs[i]))
			return false;
	for (i = ns; i-- > 0;)
		if (!dc_push_op(p, d, &sfx[i]))
			return false;
	for (i = 0; nested && i < inner.nops; i++)
		if (!dc_push_op(p, d, &inner.ops[i]))
			return false;
	return true;
}

/* The type declarator @d makes of @base (tuple signatures excepted:
 * they make associative arrays, see dc_decl_var()). */
static uint32_t dc_declr_apply(struct dc_parser *p, uint32_t base,
			       const struct dc_declr *d)
{
	struct dc_cc *cc = p->cc;
	uint32_t t = base, i;

	for (i = 0; i < d->nops && t; i++) {
		const struct dc_dop *op = &d->ops[i];
		struct dc_ctype c;

		switch (op->kind) {
		case DC_CT_PTR:
			t = dc_ct_ptr(cc, t);
			break;
		case DC_CT_CONST:
		case DC_CT_VOLATILE:
		case DC_CT_RESTRICT:
			memset(&c, 0, sizeof(c));
			c.kind = (uint8_t)op->kind;
			c.ref = t;
			t = dc_ct_add(cc, &c);
			break;
		case DC_CT_ARRAY:
			if (op->tuple)
				return t;	/* the caller's */
			if (dc_ct_kind(cc, t) == DC_CT_VOID) {
				dc_error(cc, "D_DECL_VOIDOBJ", d->name.line,
					 d->name.col,
					 "cannot declare array of void");
				p->err = true;
				return 0;
			}
			t = dc_ct_arr(cc, t, op->n);
			break;
		case DC_CT_FUNC:
			memset(&c, 0, sizeof(c));
			c.kind = DC_CT_FUNC;
			c.ref = t;
			c.n = op->nargs;
			c.args = op->args;
			c.varargs = op->varargs;
			t = dc_ct_add(cc, &c);
			break;
		}
	}
	return t;
}

/* ---- declarations ------------------------------------------------------- */

/* Skip the rest of a declaration after an error: to its ';' at depth 0. */
static void dc_decl_skip(struct dc_parser *p)
{
	int depth = 0;

	for (;;) {
		int k = peekk(p);

		if (k == DC_TK_EOF)
			break;
		advance(p);
		if (k == DC_TK_LBRACE)
			depth++;
		else if (k == DC_TK_RBRACE)
			depth--;
		else if (k == DC_TK_SEMI && depth <= 0)
			break;
	}
	p->err = false;
}

/*
 * `provider NAME { probe NAME(types) [: (types)]; ... };` in a D program,
 * as DTrace takes it: the declared argument types of a provider's probes,
 * read by the parser -h and -G use (dc_sdt.c) from the block's text;
 * dc_args.c types args[] of the matching USDT probes with them.  Its
 * errors are the block's, at their place in the script.
 */
static void dc_decl_provider(struct dc_parser *p)
{
	struct dc_cc *cc = p->cc;
	struct dc_tok first = *peek(p, 0), last = first;
	char err[512], msg[400], *text;
	unsigned int line, col;
	int depth = 0, k, rc;

	for (;;) {
		k = peekk(p);
		if (k == DC_TK_EOF)
			break;
		last = advance(p);
		if (k == DC_TK_LBRACE)
			depth++;
		else if (k == DC_TK_RBRACE)
			depth--;
		else if (k == DC_TK_SEMI && depth <= 0)
			break;
	}
	if (!cc->udefs && !(cc->udefs = calloc(1, sizeof(*cc->udefs)))) {
		cc->oom = true;
		return;
	}
	text = strndup(first.start, (size_t)(last.start + last.len -
					      first.start));
	if (!text) {
		cc->oom = true;
		return;
	}
	rc = dc_sdt_parse(text, "", cc->udefs, err, sizeof(err));
	free(text);
	if (rc == -ENOMEM)
		cc->oom = true;
	else if (rc && sscanf(err, ":%u:%u: error: %399[^\n]", &line, &col,
			      msg) == 3)
		/* the block's line 1 starts at its "provider" */
		dc_error(cc, "D_SYNTAX", first.line + line - 1,
			 line == 1 ? first.col + col - 1 : col, "%s", msg);
	else if (rc)
		dc_error(cc, "D_SYNTAX", first.line, first.col, "%s", err);
}

/* `typedef specs declarator;` */
static void dc_decl_typedef(struct dc_parser *p, uint32_t tid,
			    const struct dc_declr *d)
{
	struct dc_ctype t;
	uint32_t e;
	int64_t v;

	if (d->name.kind == DC_TK_EOF) {
		dc_error(p->cc, "D_DECL_USELESS", d->name.line, d->name.col,
			 "useless declaration");
		return;
	}
	if (strchr(d->name.text, '`')) {
		dc_error(p->cc, "D_DECL_SCOPE", d->name.line, d->name.col,
			 "D scoping operator may not be used in a type name");
		return;
	}
	if (dc_ct_find(p->cc, DC_CT_TYPEDEF, d->name.text) ||
	    dc_ct_enumerator(p->cc, d->name.text, &e, &v) ||
	    dc_var_find(p->cc, d->name.text, SONDE_VAR_GLOBAL) >= 0) {
		dc_error(p->cc, "D_DECL_IDRED", d->name.line, d->name.col,
			 "identifier redeclared: %s", d->name.text);
		return;
	}
	memset(&t, 0, sizeof(t));
	t.kind = DC_CT_TYPEDEF;
	t.name = d->name.text;
	t.ref = tid;
	dc_ct_add(p->cc, &t);
}

/* `extern specs name;`: the type of kernel symbol `name. */
static void dc_decl_extern(struct dc_parser *p, uint32_t tid,
			   const struct dc_declr *d)
{
	struct dc_cc *cc = p->cc;
	uint32_t i;
	char n1[256], n2[256];

	for (i = 0; i < cc->nexts; i++) {
		if (strcmp(cc->exts[i].name, d->name.text))
			continue;
		if (dc_ct_resolve(cc, cc->exts[i].tid) != dc_ct_resolve(cc, tid))
			dc_error(cc, "D_DECL_IDRED", d->name.line, d->name.col,
				 "identifier redeclared: %s\n\t current: %s\n\tprevious: %s",
				 d->name.text, dc_ct_name(cc, tid, n1, sizeof(n1)),
				 dc_ct_name(cc, cc->exts[i].tid, n2, sizeof(n2)));
		return;
	}
	if (!dc_grow(cc, (void **)&cc->exts, &cc->cap_exts, cc->nexts + 1,
		     sizeof(*cc->exts)))
		return;
	cc->exts[cc->nexts].name = d->name.text;
	cc->exts[cc->nexts++].tid = tid;
}

/* A variable: global, self-> or this->, scalar or associative array. */
static void dc_decl_var(struct dc_parser *p, const struct dc_dspec *ds,
			uint32_t tid, const struct dc_declr *d)
{
	struct dc_cc *cc = p->cc;
	uint32_t scope = ds->class == DS_SELF ? SONDE_VAR_TLS :
			 ds->class == DS_THIS ? SONDE_VAR_LOCAL :
			 SONDE_VAR_GLOBAL;
	const struct dc_dop *tuple = NULL;
	struct dc_type ty;
	char what[300];
	uint32_t e, k;
	int64_t v;

	if (d->name.kind == DC_TK_EOF) {
		dc_error(cc, "D_DECL_USELESS", ds->at.line, ds->at.col,
			 "useless declaration");
		return;
	}
	if (strchr(d->name.text, '`')) {
		dc_error(cc, "D_DECL_SCOPE", d->name.line, d->name.col,
			 "D scoping operator may not be used in a variable name");
		return;
	}
	for (k = 0; k < d->nops; k++)
		if (d->ops[k].kind == DC_CT_ARRAY && d->ops[k].tuple)
			tuple = &d->ops[k];
	if (tuple && !tuple->nkeys) {
		dc_error(cc, "D_DECL_ARRNULL", d->name.line, d->name.col,
			 "array declaration requires array dimension or tuple signature: %s",
			 d->name.text);
		return;
	}
	if (tuple && scope == SONDE_VAR_LOCAL) {
		dc_error(cc, "D_DECL_LOCASSC", d->name.line, d->name.col,
			 "associative arrays may not be declared as local variables: %s",
			 d->name.text);
		return;
	}
	if (scope == SONDE_VAR_GLOBAL &&
	    (dc_ct_enumerator(cc, d->name.text, &e, &v) ||
	     dc_ct_find(cc, DC_CT_TYPEDEF, d->name.text))) {
		dc_error(cc, "D_DECL_IDRED", d->name.line, d->name.col,
			 "identifier redeclared: %s", d->name.text);
		return;
	}
	if (dc_ct_kind(cc, tid) == DC_CT_VOID) {
		dc_error(cc, "D_DECL_VOIDOBJ", d->name.line, d->name.col,
			 "cannot declare variable %s of type void", d->name.text);
		return;
	}
	if (tuple && tuple->nkeys > SONDE_MAX_AGG_KEYS) {
		dc_error(cc, "D_KEY_TYPE", d->name.line, d->name.col,
			 "array %s has %u keys: at most %u are allowed",
			 d->name.text, tuple->nkeys, SONDE_MAX_AGG_KEYS);
		return;
	}
	ty = dc_ct_type(cc, tid, DC_SP_KERNEL);
	if (ty.kind == DC_T_SOU || ty.kind == DC_T_ARRAY) {
		char n[256];

		if (!dc_ct_complete(cc, &tid) || !dc_ct_size(cc, tid)) {
			dc_error(cc, "D_DECL_INCOMPLETE", d->name.line,
				 d->name.col,
				 "incomplete struct/union/enum %s: %s",
				 dc_ct_name(cc, tid, n, sizeof(n)), d->name.text);
			return;
		}
		ty = dc_ct_type(cc, tid, DC_SP_KERNEL);
	}
	if (ty.kind != DC_T_INT && ty.kind != DC_T_STR &&
	    !dc_sem_byref_var_ok(cc, &ty, d->name.line, d->name.col,
				 d->name.text))
		return;
	snprintf(what, sizeof(what), "array %s", d->name.text);
	for (k = 0; tuple && k < tuple->nkeys; k++)
		if (!dc_sem_key_ok(cc, &tuple->keys[k], d->name.line,
				   d->name.col, what, k + 1))
			return;
	dc_var_define(cc, d->name.text, scope, ty, tuple ? tuple->nkeys : 0,
		      tuple ? tuple->keys : NULL, d->name.line, d->name.col);
}

/* `inline specs name = expression;` */
static void dc_decl_inline(struct dc_parser *p)
{
	struct dc_cc *cc = p->cc;
	struct dc_tok kw = advance(p);
	struct dc_dspec ds;
	struct dc_declr d;
	struct dc_node *e;
	struct dc_inline *in;
	uint32_t tid, k, et;
	int64_t v;

	if (!dc_decl_specs(p, &ds, true) || !ds.tid ||
	    !dc_declarator(p, &d, true)) {
		dc_decl_skip(p);
		return;
	}
	if (ds.class) {
		dc_error(cc, "D_DECL_BADCLASS", kw.line, kw.col,
			 "specified storage class not appropriate for inline declaration");
		dc_decl_skip(p);
		return;
	}
	if (d.name.kind == DC_TK_EOF) {
		dc_error(cc, "D_DECL_USELESS", kw.line, kw.col,
			 "inline declaration requires a name");
		dc_decl_skip(p);
		return;
	}
	for (k = 0; k < d.nops; k++) {
		const struct dc_dop *op = &d.ops[k];
		uint32_t j;

		if (op->kind != DC_CT_ARRAY)
			continue;
		if (!op->tuple || k + 1 != d.nops) {
			dc_error(cc, "D_DECL_ARRNULL", d.name.line, d.name.col,
				 "inline declaration cannot be of scalar array type: %s",
				 d.name.text);
			dc_decl_skip(p);
			return;
		}
		if (!op->nkeys || op->nkeys > SONDE_MAX_AGG_KEYS) {
			dc_error(cc, "D_DECL_ARRNULL", d.name.line, d.name.col,
				 "inline %s: a tuple signature of 1 to %u parameters is required",
				 d.name.text, SONDE_MAX_AGG_KEYS);
			dc_decl_skip(p);
			return;
		}
		for (j = 0; j < op->nkeys; j++) {
			if (!op->pnames[j]) {
				dc_error(cc, "D_DECL_ARRNULL", d.name.line,
					 d.name.col,
					 "inline %s: parameter %u of its tuple signature has no name",
					 d.name.text, j + 1);
				dc_decl_skip(p);
				return;
			}
		}
	}
	tid = dc_declr_apply(p, ds.tid, &d);
	if (!tid || !expect(p, DC_TK_ASSIGN, "expected '=' in the inline declaration")) {
		dc_decl_skip(p);
		return;
	}
	e = parse_assign(p);
	if (!e || !expect(p, DC_TK_SEMI, "expected ';' after the inline declaration")) {
		dc_decl_skip(p);
		return;
	}
	for (k = 0; k < cc->ninls; k++)
		if (!strcmp(cc->inls[k].name, d.name.text))
			break;
	if (k < cc->ninls || dc_var_find(cc, d.name.text, SONDE_VAR_GLOBAL) >= 0 ||
	    dc_ct_enumerator(cc, d.name.text, &et, &v) ||
	    dc_builtin_lookup(d.name.text) >= 0) {
		dc_error(cc, "D_DECL_IDRED", d.name.line, d.name.col,
			 "identifier redefined: %s", d.name.text);
		return;
	}
	if (!dc_grow(cc, (void **)&cc->inls, &cc->cap_inls, cc->ninls + 1,
		     sizeof(*cc->inls)))
		return;
	in = &cc->inls[cc->ninls++];
	memset(in, 0, sizeof(*in));
	in->name = d.name.text;
	in->type = dc_ct_type(cc, tid, DC_SP_KERNEL);
	in->expr = e;
	if (d.nops && d.ops[d.nops - 1].kind == DC_CT_ARRAY) {
		const struct dc_dop *op = &d.ops[d.nops - 1];

		in->nparams = op->nkeys;
		for (k = 0; k < op->nkeys; k++) {
			in->pnames[k] = op->pnames[k];
			in->ptypes[k] = op->keys[k];
		}
	}
	in->line = d.name.line;
	in->col = d.name.col;
}

/* `translator out < in param > { member = expr; ... };` */
static void dc_decl_translator(struct dc_parser *p)
{
	struct dc_cc *cc = p->cc;
	struct dc_tok kw = advance(p), pname;
	struct dc_type out, in;
	struct dc_xlmember *mv = NULL;
	uint32_t nm = 0, cap = 0, k, ot;
	char n1[256], n2[256];

	out = dc_decl_typename(p);
	if (out.kind == DC_T_ERR || !expect(p, DC_TK_LT, "expected '<' after the translator's output type")) {
		dc_decl_skip(p);
		return;
	}
	/* the input: a type and the name the members call it by */
	{
		struct dc_dspec ds;
		struct dc_declr d;
		uint32_t tid;

		if (!dc_decl_specs(p, &ds, false) || !ds.tid ||
		    !dc_declarator(p, &d, false) ||
		    !(tid = dc_declr_apply(p, ds.tid, &d))) {
			dc_decl_skip(p);
			return;
		}
		in = dc_ct_type(cc, tid, DC_SP_KERNEL);
		in.tid = tid;
		pname = d.name;
	}
	if (!expect(p, DC_TK_GT, "expected '>' after the translator's input") ||
	    !expect(p, DC_TK_LBRACE, "expected '{' to start the translator's members")) {
		dc_decl_skip(p);
		return;
	}
	ot = out.tid;
	if (!dc_ct_complete(cc, &ot)) {
		dc_error(cc, "D_XLATE_SOU", kw.line, kw.col,
			 "incomplete struct/union/enum %s",
			 dc_ct_name(cc, out.tid, n1, sizeof(n1)));
		dc_decl_skip(p);
		return;
	}
	if (dc_ct_kind(cc, ot) != DC_CT_STRUCT && dc_ct_kind(cc, ot) != DC_CT_UNION) {
		dc_error(cc, "D_XLATE_SOU", kw.line, kw.col,
			 "translator output type must be a struct or union");
		dc_decl_skip(p);
		return;
	}
	while (peekk(p) != DC_TK_RBRACE) {
		struct dc_tok m = *peek(p, 0);
		struct dc_cmfound f;
		struct dc_node *e;

		if (!expect(p, DC_TK_IDENT, "expected a translator member name") ||
		    !expect(p, DC_TK_ASSIGN, "expected '=' after the member name")) {
			free(mv);
			dc_decl_skip(p);
			return;
		}
		e = parse_assign(p);
		if (!e || !expect(p, DC_TK_SEMI, "expected ';' after the member's expression")) {
			free(mv);
			dc_decl_skip(p);
			return;
		}
		if (dc_ct_member(cc, ot, m.text, &f)) {
			dc_error(cc, "D_XLATE_MEMB", m.line, m.col,
				 "translator member %s is not a member of %s",
				 m.text, dc_ct_name(cc, out.tid, n1, sizeof(n1)));
			continue;
		}
		/* a later definition of a member replaces the earlier one */
		for (k = 0; k < nm; k++)
			if (!strcmp(mv[k].name, m.text))
				break;
		if (k == nm && !dc_grow(cc, (void **)&mv, &cap, nm + 1,
					sizeof(*mv))) {
			free(mv);
			return;
		}
		mv[k].name = m.text;
		mv[k].expr = e;
		mv[k].line = m.line;
		mv[k].col = m.col;
		if (k == nm)
			nm++;
	}
	advance(p);
	if (peekk(p) == DC_TK_SEMI)
		advance(p);
	for (k = 0; k < cc->nxls; k++) {
		if (dc_ct_resolve(cc, cc->xls[k].out) == dc_ct_resolve(cc, out.tid) &&
		    dc_sem_same_type(cc, cc->xls[k].in, in.tid)) {
			dc_error(cc, "D_XLATE_REDECL", kw.line, kw.col,
				 "translator from %s to %s has already been declared",
				 dc_ct_name(cc, in.tid, n1, sizeof(n1)),
				 dc_ct_name(cc, out.tid, n2, sizeof(n2)));
			free(mv);
			return;
		}
	}
	if (!dc_grow(cc, (void **)&cc->xls, &cc->cap_xls, cc->nxls + 1,
		     sizeof(*cc->xls))) {
		free(mv);
		return;
	}
	cc->xls[cc->nxls].out = out.tid;
	cc->xls[cc->nxls].in = in.tid;
	cc->xls[cc->nxls].param = pname.text;
	cc->xls[cc->nxls].m = dc_alloc(cc, (nm ? nm : 1) * sizeof(*mv));
	cc->xls[cc->nxls].n = cc->xls[cc->nxls].m ? nm : 0;
	if (cc->xls[cc->nxls].m && nm)
		memcpy(cc->xls[cc->nxls].m, mv, nm * sizeof(*mv));
	cc->xls[cc->nxls].line = kw.line;
	cc->xls[cc->nxls].col = kw.col;
	cc->nxls++;
	free(mv);
}

void dc_decl_parse(struct dc_parser *p)
{
	struct dc_dspec ds;

	if (is_kw(p, 0, DC_KW_inline)) {
		dc_decl_inline(p);
		return;
	}
	if (is_kw(p, 0, DC_KW_translator)) {
		dc_decl_translator(p);
		return;
	}
	if (is_kw(p, 0, DC_KW_provider)) {
		dc_decl_provider(p);
		return;
	}
	if (!dc_decl_specs(p, &ds, true)) {
		dc_decl_skip(p);
		return;
	}
	if (ds.class == DS_STATIC || ds.class == DS_REGISTER ||
	    ds.class == DS_AUTO) {
		dc_error(p->cc, "D_DECL_BADCLASS", ds.at.line, ds.at.col,
			 "specified storage class not appropriate in D: %s",
			 dc_class_name(ds.class));
		dc_decl_skip(p);
		return;
	}
	if (!ds.tid) {
		dc_decl_skip(p);
		return;
	}
	if (peekk(p) == DC_TK_SEMI) {
		/* struct foo { ... }; enum e { ... }; */
		uint32_t k = dc_ct(p->cc, ds.tid)->kind;

		advance(p);
		if (k != DC_CT_STRUCT && k != DC_CT_UNION && k != DC_CT_ENUM &&
		    k != DC_CT_FWD)
			dc_error(p->cc, "D_DECL_USELESS", ds.at.line, ds.at.col,
				 "useless declaration");
		return;
	}
	for (;;) {
		struct dc_declr d;
		uint32_t tid;

		if (!dc_declarator(p, &d, false))
			break;
		tid = dc_declr_apply(p, ds.tid, &d);
		if (!tid)
			break;
		if (ds.class == DS_TYPEDEF)
			dc_decl_typedef(p, tid, &d);
		else if (ds.class == DS_EXTERN)
			dc_decl_extern(p, tid, &d);
		else
			dc_decl_var(p, &ds, tid, &d);
		if (peekk(p) != DC_TK_COMMA)
			break;
		advance(p);
	}
	if (!p->err && peekk(p) != DC_TK_SEMI)
		syntax(p, peek(p, 0), "expected ';' after the declaration");
	if (p->err) {
		dc_decl_skip(p);
		return;
	}
	advance(p);
}
