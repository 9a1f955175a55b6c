// SPDX-License-Identifier: GPL-2.0
/*
 * dc_ctf.c - the compilation's type table, D's counterpart of CTF: the
 * intrinsic types (char .. unsigned long long, the D typedefs int8_t ..
 * hrtime_t, void, string), the types a script or a translator library
 * declares (struct, union, enum, typedef, pointers and arrays of them)
 * and the kernel's types, which dc_btf.c imports from BTF one by one as
 * they are first named or reached.  Sizes and member offsets follow the
 * C ABI of x86-64 (LP64), as the kernel's own types do.
 *
 * Names live in two namespaces as in C: tags (struct, union and enum
 * names) and ordinary identifiers (typedefs, enumerators).  A D name
 * hides a kernel name; an unknown tag becomes a forward declaration
 * that the kernel's BTF completes when a member is first reached.
 *
 * Called by the parser (declarations, type names) and semantic analysis;
 * userland only.  Pointers into the table (dc_ct()) are invalidated by
 * anything that may add a type: callers keep ids, not pointers.
 */
#include <stdlib.h>
#include <string.h>

#include "dc_impl.h"

/* D's integer typedefs (x86-64 LP64), as DTrace's D container has them. */
static const struct {
	const char *name;
	const char *base;
} dc_ct_typedefs[] = {
	{ "int8_t", "signed char" }, { "int16_t", "short" },
	{ "int32_t", "int" }, { "int64_t", "long long" },
	{ "uint8_t", "unsigned char" }, { "uint16_t", "unsigned short" },
	{ "uint32_t", "unsigned int" }, { "uint64_t", "unsigned long long" },
	{ "intptr_t", "long" }, { "uintptr_t", "unsigned long" },
	{ "size_t", "unsigned long" }, { "ssize_t", "long" },
	{ "off_t", "long" }, { "off64_t", "long long" },
	{ "time_t", "long" }, { "pid_t", "int" }, { "uid_t", "unsigned int" },
	{ "gid_t", "unsigned int" }, { "id_t", "int" }, { "dev_t", "unsigned long" },
	{ "uchar_t", "unsigned char" }, { "ushort_t", "unsigned short" },
	{ "uint_t", "unsigned int" }, { "ulong_t", "unsigned long" },
	{ "longlong_t", "long long" }, { "u_longlong_t", "unsigned long long" },
	{ "processorid_t", "int" }, { "psetid_t", "int" },
	{ "zoneid_t", "int" }, { "hrtime_t", "long long" },
	{ "major_t", "unsigned int" }, { "minor_t", "unsigned int" },
	{ "offset_t", "long long" }, { "diskaddr_t", "unsigned long long" },
	{ "caddr_t", "char *" },
};

static const struct {
	const char *name;
	uint8_t size, uns, kind;
} dc_ct_intrinsics[] = {
	{ "char", 1, 0, DC_CT_INT }, { "signed char", 1, 0, DC_CT_INT },
	{ "unsigned char", 1, 1, DC_CT_INT }, { "short", 2, 0, DC_CT_INT },
	{ "unsigned short", 2, 1, DC_CT_INT }, { "int", 4, 0, DC_CT_INT },
	{ "unsigned int", 4, 1, DC_CT_INT }, { "long", 8, 0, DC_CT_INT },
	{ "unsigned long", 8, 1, DC_CT_INT },
	{ "long long", 8, 0, DC_CT_INT },
	{ "unsigned long long", 8, 1, DC_CT_INT },
	{ "_Bool", 1, 1, DC_CT_INT },
	{ "float", 4, 0, DC_CT_FLOAT }, { "double", 8, 0, DC_CT_FLOAT },
	{ "long double", 16, 0, DC_CT_FLOAT },
};

static uint32_t dc_ct_hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h % DC_CT_NBUCKETS;
}

uint32_t dc_ct_add(struct dc_cc *cc, const struct dc_ctype *t)
{
	struct dc_ctab *ct = &cc->ct;
	uint32_t id, b;

	if (!dc_grow(cc, (void **)&ct->v, &ct->cap, ct->n + 1,
		     sizeof(*ct->v)))
		return 0;
	if (!ct->n)
		ct->n = 1;		/* id 0 is no type */
	id = ct->n++;
	ct->v[id] = *t;
	ct->v[id].hnext = 0;
	if (t->src == DC_CTS_D && t->name) {
		/* the D namespace, found by dc_ct_find() */
		b = dc_ct_hash(t->name);
		ct->v[id].hnext = ct->bucket[b];
		ct->bucket[b] = id;
	}
	return id;
}

void dc_ct_init(struct dc_cc *cc)
{
	struct dc_ctype t;
	size_t i;

	memset(&t, 0, sizeof(t));
	t.kind = DC_CT_VOID;
	t.name = "void";
	cc->ct.t_void = dc_ct_add(cc, &t);
	t.kind = DC_CT_STRING;
	t.name = "string";
	cc->ct.t_string = dc_ct_add(cc, &t);
	for (i = 0; i < sizeof(dc_ct_intrinsics) / sizeof(dc_ct_intrinsics[0]);
	     i++) {
		memset(&t, 0, sizeof(t));
		t.kind = dc_ct_intrinsics[i].kind;
		t.name = dc_ct_intrinsics[i].name;
		t.size = dc_ct_intrinsics[i].size;
		t.uns = dc_ct_intrinsics[i].uns;
		dc_ct_add(cc, &t);
	}
	cc->ct.t_int = dc_ct_find(cc, DC_CT_INT, "int");
	cc->ct.t_char = dc_ct_find(cc, DC_CT_INT, "char");
	for (i = 0; i < sizeof(dc_ct_typedefs) / sizeof(dc_ct_typedefs[0]);
	     i++) {
		memset(&t, 0, sizeof(t));
		t.kind = DC_CT_TYPEDEF;
		t.name = dc_ct_typedefs[i].name;
		if (!strcmp(dc_ct_typedefs[i].base, "char *"))
			t.ref = dc_ct_ptr(cc, cc->ct.t_char);
		else
			t.ref = dc_ct_find(cc, DC_CT_INT,
					   dc_ct_typedefs[i].base);
		dc_ct_add(cc, &t);
	}
}

void dc_ct_free(struct dc_cc *cc)
{
	free(cc->ct.v);
	memset(&cc->ct, 0, sizeof(cc->ct));
}

struct dc_ctype *dc_ct(struct dc_cc *cc, uint32_t id)
{
	static struct dc_ctype none;

	if (!id || id >= cc->ct.n) {
		memset(&none, 0, sizeof(none));
		return &none;
	}
	return &cc->ct.v[id];
}

/* Is @kind a tag namespace kind? */
static bool dc_ct_tagkind(uint32_t kind)
{
	return kind == DC_CT_STRUCT || kind == DC_CT_UNION ||
	       kind == DC_CT_ENUM;
}

uint32_t dc_ct_find(struct dc_cc *cc, uint32_t kind, const char *name)
{
	uint32_t i;

	if (!cc->ct.n)
		return 0;
	/* newest first: a definition after a forward declaration wins */
	for (i = cc->ct.bucket[dc_ct_hash(name)]; i; i = cc->ct.v[i].hnext) {
		const struct dc_ctype *t = &cc->ct.v[i];

		if (strcmp(t->name, name))
			continue;
		if (dc_ct_tagkind(kind) ?
		    (t->kind == kind || (t->kind == DC_CT_FWD &&
					 t->fwdkind == kind)) :
		    (t->kind == kind || (kind == DC_CT_TYPEDEF &&
					 (t->kind == DC_CT_INT ||
					  t->kind == DC_CT_FLOAT))))
			return i;
	}
	return 0;
}

uint32_t dc_ct_fwd(struct dc_cc *cc, uint32_t kind, const char *name)
{
	struct dc_ctype f;
	uint32_t id = dc_ct_find(cc, kind, name);

	if (id)
		return id;
	memset(&f, 0, sizeof(f));
	f.kind = DC_CT_FWD;
	f.fwdkind = (uint8_t)kind;
	f.name = name;
	return dc_ct_add(cc, &f);
}

uint32_t dc_ct_ref(struct dc_cc *cc, uint32_t id)
{
	struct dc_ctype *t = dc_ct(cc, id);

	if (t->ref || t->src != DC_CTS_BTF)
		return t->ref;
	return dc_btf_ref(cc, id);
}

uint32_t dc_ct_resolve(struct dc_cc *cc, uint32_t id)
{
	int depth = 0;

	while (id && depth++ < 64) {
		uint32_t k = dc_ct(cc, id)->kind;

		if (k != DC_CT_TYPEDEF && k != DC_CT_CONST &&
		    k != DC_CT_VOLATILE && k != DC_CT_RESTRICT)
			break;
		id = dc_ct_ref(cc, id);
	}
	return id;
}

uint32_t dc_ct_kind(struct dc_cc *cc, uint32_t id)
{
	return dc_ct(cc, dc_ct_resolve(cc, id))->kind;
}

bool dc_ct_complete(struct dc_cc *cc, uint32_t *id)
{
	uint32_t r = dc_ct_resolve(cc, *id), d;
	const struct dc_ctype *t = dc_ct(cc, r);

	if (t->kind != DC_CT_FWD)
		return t->kind != DC_CT_VOID && t->kind != DC_CT_FUNC;
	if (!t->name)
		return false;
	/* a D definition after the forward declaration (the D libraries'
	 * too), then the kernel's */
	d = dc_ct_find(cc, t->fwdkind, t->name);
	if ((!d || dc_ct(cc, d)->kind == DC_CT_FWD) && dc_libs_need(cc))
		return false;
	if (d && dc_ct(cc, d)->kind != DC_CT_FWD) {
		*id = d;
		return true;
	}
	t = dc_ct(cc, r);
	d = dc_btf_lookup(cc, t->fwdkind, t->name, NULL, true);
	if (d && dc_ct_kind(cc, d) != DC_CT_FWD) {
		*id = d;
		return true;
	}
	return false;
}

uint32_t dc_ct_size(struct dc_cc *cc, uint32_t id)
{
	const struct dc_ctype *t;

	id = dc_ct_resolve(cc, id);
	t = dc_ct(cc, id);
	switch (t->kind) {
	case DC_CT_PTR:
		return 8;
	case DC_CT_ARRAY: {
		uint64_t n = t->n, e = dc_ct_size(cc, dc_ct_ref(cc, id));

		return n * e > UINT32_MAX ? UINT32_MAX : (uint32_t)(n * e);
	}
	case DC_CT_FWD:
		if (dc_ct_complete(cc, &id))
			return dc_ct_size(cc, id);
		return 0;
	case DC_CT_STRING:	/* a string member: strsize bytes */
		return (uint32_t)sonde_program_kopt(cc->prog, SONDE_OPT_strsize);
	}
	return t->size;
}

uint32_t dc_ct_align(struct dc_cc *cc, uint32_t id)
{
	const struct dc_ctype *t;
	uint32_t a = 1, i, m;

	id = dc_ct_resolve(cc, id);
	t = dc_ct(cc, id);
	switch (t->kind) {
	case DC_CT_INT:
	case DC_CT_FLOAT:
		return t->size ? (t->size > 16 ? 16 : t->size) : 1;
	case DC_CT_PTR:
		return 8;
	case DC_CT_ENUM:
		return t->size ? t->size : 4;
	case DC_CT_ARRAY:
		return dc_ct_align(cc, dc_ct_ref(cc, id));
	case DC_CT_STRUCT:
	case DC_CT_UNION:
		for (i = 0; i < dc_ct(cc, id)->n; i++) {
			m = dc_ct_align(cc, dc_ct_mtype(cc, id, i));
			if (m > a)
				a = m;
		}
		return a;
	}
	return 1;
}

uint32_t dc_ct_mtype(struct dc_cc *cc, uint32_t sou, uint32_t i)
{
	struct dc_ctype *t = dc_ct(cc, sou);

	if (i >= t->n || !t->members)
		return 0;
	if (!t->members[i].type && t->src == DC_CTS_BTF)
		return dc_btf_member(cc, sou, i);
	return t->members[i].type;
}

int dc_ct_member(struct dc_cc *cc, uint32_t sou, const char *name,
		 struct dc_cmfound *f)
{
	uint32_t i, n;

	sou = dc_ct_resolve(cc, sou);
	if (dc_ct(cc, sou)->kind != DC_CT_STRUCT &&
	    dc_ct(cc, sou)->kind != DC_CT_UNION)
		return -1;
	n = dc_ct(cc, sou)->n;
	for (i = 0; i < n; i++) {
		const struct dc_cmember *m = &dc_ct(cc, sou)->members[i];
		uint32_t off = m->bitoff, bits = m->bits;

		if (m->name && m->name[0]) {
			if (strcmp(m->name, name))
				continue;
			f->type = dc_ct_mtype(cc, sou, i);
			f->bitoff = off;
			f->bits = bits;
			return f->type ? 0 : -1;
		}
		/* an anonymous struct or union: its members are ours */
		if (!dc_ct_member(cc, dc_ct_mtype(cc, sou, i), name, f)) {
			f->bitoff += off;
			return 0;
		}
	}
	return -1;
}

uint32_t dc_ct_ptr(struct dc_cc *cc, uint32_t id)
{
	struct dc_ctype t;
	uint32_t p;

	if (dc_ct(cc, id)->ptrto)
		return dc_ct(cc, id)->ptrto;
	memset(&t, 0, sizeof(t));
	t.kind = DC_CT_PTR;
	t.size = 8;
	t.ref = id;
	p = dc_ct_add(cc, &t);
	if (p && id)
		dc_ct(cc, id)->ptrto = p;
	return p;
}

uint32_t dc_ct_arr(struct dc_cc *cc, uint32_t elem, uint32_t n)
{
	struct dc_ctype t;

	memset(&t, 0, sizeof(t));
	t.kind = DC_CT_ARRAY;
	t.ref = elem;
	t.n = n;
	return dc_ct_add(cc, &t);
}

uint32_t dc_ct_intof(struct dc_cc *cc, uint32_t size, bool uns)
{
	static const char *const sn[] = { "char", "short", "int", "long" };
	static const char *const un[] = { "unsigned char", "unsigned short",
					  "unsigned int", "unsigned long" };
	int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;

	return dc_ct_find(cc, DC_CT_INT, uns ? un[i] : sn[i]);
}

bool dc_ct_enumerator(struct dc_cc *cc, const char *name, uint32_t *tid,
		      int64_t *val)
{
	uint32_t i, k;

	for (i = cc->ct.n; i-- > 1;) {
		const struct dc_ctype *t = &cc->ct.v[i];

		if (t->kind != DC_CT_ENUM || t->src != DC_CTS_D)
			continue;
		for (k = 0; k < t->n; k++) {
			if (!strcmp(t->vals[k].name, name)) {
				*tid = i;
				*val = t->vals[k].val;
				return true;
			}
		}
	}
	return false;
}

/* ---- names -------------------------------------------------------------- */

struct dc_namebuf {
	char *buf;
	size_t size, len;
};

static void nb_put(struct dc_namebuf *b, const char *s)
{
	size_t l = strlen(s);

	if (b->len + l + 1 > b->size)
		l = b->size > b->len + 1 ? b->size - b->len - 1 : 0;
	memcpy(b->buf + b->len, s, l);
	b->len += l;
	b->buf[b->len] = 0;
}

/* The base name: the type at the end of the declarator chain. */
static void dc_ct_basename(struct dc_cc *cc, uint32_t id,
			   struct dc_namebuf *b)
{
	const struct dc_ctype *t = dc_ct(cc, id);
	uint32_t k = t->kind == DC_CT_FWD ? t->fwdkind : t->kind;

	switch (k) {
	case DC_CT_STRUCT:
		nb_put(b, "struct ");
		break;
	case DC_CT_UNION:
		nb_put(b, "union ");
		break;
	case DC_CT_ENUM:
		nb_put(b, "enum ");
		break;
	}
	nb_put(b, t->name ? t->name : "(anon)");
}

/*
 * C's declarator syntax, inside out: @d is the declarator built so far
 * around the (absent) name; each pointer, array and function level wraps
 * it, and the base type's name goes in front.
 */
static void dc_ct_str(struct dc_cc *cc, uint32_t id, const char *d,
		      struct dc_namebuf *b, int depth)
{
	uint32_t kind = dc_ct(cc, id)->kind;
	uint32_t ref = kind == DC_CT_PTR || kind == DC_CT_ARRAY ||
		       kind == DC_CT_FUNC || kind == DC_CT_CONST ||
		       kind == DC_CT_VOLATILE || kind == DC_CT_RESTRICT ?
		       dc_ct_ref(cc, id) : 0;
	uint32_t rk = dc_ct(cc, ref)->kind, i;
	/* after dc_ct_ref(): an import may have moved the table */
	const struct dc_ctype *t = dc_ct(cc, id);
	char nd[512];
	struct dc_namebuf n = { nd, sizeof(nd), 0 };

	nd[0] = 0;
	if (depth > 32) {
		nb_put(b, "...");
		return;
	}
	switch (t->kind) {
	case DC_CT_PTR:
		nb_put(&n, rk == DC_CT_ARRAY || rk == DC_CT_FUNC ? "(*" : "*");
		nb_put(&n, d);
		if (rk == DC_CT_ARRAY || rk == DC_CT_FUNC)
			nb_put(&n, ")");
		dc_ct_str(cc, ref, nd, b, depth + 1);
		return;
	case DC_CT_CONST:
	case DC_CT_VOLATILE:
	case DC_CT_RESTRICT:
		if (rk == DC_CT_PTR) {
			nb_put(&n, t->kind == DC_CT_CONST ? " const" :
			       t->kind == DC_CT_VOLATILE ? " volatile" :
			       " restrict");
			if (d[0])
				nb_put(&n, " ");
			nb_put(&n, d);
			dc_ct_str(cc, ref, nd, b, depth + 1);
			return;
		}
		nb_put(b, t->kind == DC_CT_CONST ? "const " :
		       t->kind == DC_CT_VOLATILE ? "volatile " : "restrict ");
		dc_ct_str(cc, ref, d, b, depth + 1);
		return;
	case DC_CT_ARRAY: {
		char num[32];

		snprintf(num, sizeof(num), "[%u]", t->n);
		nb_put(&n, d);
		nb_put(&n, num);
		dc_ct_str(cc, ref, nd, b, depth + 1);
		return;
	}
	case DC_CT_FUNC:
		nb_put(&n, d);
		nb_put(&n, "(");
		for (i = 0; i < dc_ct(cc, id)->n; i++) {
			char an[128];

			if (i)
				nb_put(&n, ", ");
			nb_put(&n, dc_ct_name(cc, dc_ct_farg(cc, id, i), an,
					      sizeof(an)));
		}
		t = dc_ct(cc, id);
		if (t->varargs)
			nb_put(&n, t->n ? ", ..." : "...");
		if (!t->n && !t->varargs)
			nb_put(&n, "void");
		nb_put(&n, ")");
		dc_ct_str(cc, ref, nd, b, depth + 1);
		return;
	}
	dc_ct_basename(cc, id, b);
	if (d[0]) {
		nb_put(b, " ");
		nb_put(b, d);
	}
}

const char *dc_ct_name(struct dc_cc *cc, uint32_t id, char *buf,
		       size_t size)
{
	struct dc_namebuf b = { buf, size, 0 };

	buf[0] = 0;
	if (!id)
		nb_put(&b, "<unknown>");
	else
		dc_ct_str(cc, id, "", &b, 0);
	return buf;
}

uint32_t dc_ct_farg(struct dc_cc *cc, uint32_t fn, uint32_t i)
{
	struct dc_ctype *t = dc_ct(cc, fn);

	if (i >= t->n || !t->args)
		return 0;
	if (t->argbtf)
		return dc_btf_farg(cc, fn, i);
	return t->args[i];
}

/* ---- expression types ----------------------------------------------------- */

struct dc_type dc_ct_type(struct dc_cc *cc, uint32_t id, uint32_t space)
{
	struct dc_type t = { .kind = DC_T_ERR };
	uint32_t r = dc_ct_resolve(cc, id), p;
	const struct dc_ctype *c = dc_ct(cc, r);

	t.tid = id;
	switch (c->kind) {
	case DC_CT_VOID:
		t.kind = DC_T_VOID;
		break;
	case DC_CT_STRING:
		t.kind = DC_T_STR;
		t.tid = 0;
		break;
	case DC_CT_INT:
		t.kind = c->size <= 8 ? DC_T_INT : DC_T_ERR;	/* no int128 */
		t.size = c->size;
		t.uns = c->uns;
		break;
	case DC_CT_ENUM:
		t.kind = DC_T_INT;
		t.size = c->size ? c->size : 4;
		t.uns = c->uns;
		break;
	case DC_CT_PTR:
		/* a pointer's value is an address in the kernel (or user
		 * space); a pointer into a copyin() buffer is made by who
		 * makes one (casts of copyin(), arrays in a buffer) */
		t.kind = DC_T_INT;
		t.size = 8;
		t.uns = 1;
		/* the depth and, at its end, an integer's size */
		for (p = r; dc_ct(cc, p)->kind == DC_CT_PTR && t.ptr < 255;
		     p = dc_ct_resolve(cc, dc_ct_ref(cc, p)))
			t.ptr++;
		c = dc_ct(cc, p);
		if (c->kind == DC_CT_INT || c->kind == DC_CT_ENUM) {
			t.esize = (uint8_t)(c->size ? c->size : 4);
			t.euns = c->uns;
		}
		break;
	case DC_CT_ARRAY:
		t.kind = DC_T_ARRAY;
		t.size = dc_ct_size(cc, r);
		t.space = (uint8_t)space;
		break;
	case DC_CT_STRUCT:
	case DC_CT_UNION:
	case DC_CT_FWD:
		t.kind = DC_T_SOU;
		t.size = dc_ct_size(cc, r);
		t.space = (uint8_t)space;
		break;
	default:		/* float, function: no D value */
		t.kind = DC_T_ERR;
		break;
	}
	return t;
}

bool dc_ct_is_char(struct dc_cc *cc, uint32_t id)
{
	const struct dc_ctype *t = dc_ct(cc, dc_ct_resolve(cc, id));

	return t->kind == DC_CT_INT && t->size == 1;
}

bool dc_ct_is_chararray(struct dc_cc *cc, uint32_t id)
{
	uint32_t r = dc_ct_resolve(cc, id);

	return dc_ct(cc, r)->kind == DC_CT_ARRAY &&
	       dc_ct_is_char(cc, dc_ct_ref(cc, r));
}

bool dc_ct_is_charptr(struct dc_cc *cc, uint32_t id)
{
	uint32_t r = dc_ct_resolve(cc, id);

	return dc_ct(cc, r)->kind == DC_CT_PTR &&
	       dc_ct_is_char(cc, dc_ct_ref(cc, r));
}
