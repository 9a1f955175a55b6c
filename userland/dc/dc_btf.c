// SPDX-License-Identifier: GPL-2.0
/*
 * dc_btf.c - the kernel's types from BTF, the Linux counterpart of the
 * CTF DTrace reads: /sys/kernel/btf/vmlinux and /sys/kernel/btf/<module>
 * (split BTF on top of vmlinux's), parsed with libbpf's BTF API.
 *
 * Nothing is read until a script names a kernel type (a struct the D
 * program does not declare, a typed fbt argument, curthread's members, a
 * kernel symbol's type): a script without kernel types never opens a BTF
 * file, so start-up does not pay for it.  vmlinux is parsed once per
 * compiler handle (struct dc) and kept for later compilations; module
 * BTF only when a name is not in vmlinux's or a `module scope names it.
 *
 * Types enter the compilation's table (dc_ctf.c) one at a time: a struct
 * is imported with its member list, and a member's type, a pointer's
 * target or a function's argument is imported when it is first asked
 * for, so naming struct task_struct imports one type, not the kernel.
 *
 * Userland only; libbpf's own messages are silenced (the compiler prints
 * nothing: its errors are diagnostics).
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "dc_impl.h"

#define DC_BTF_DIR	"/sys/kernel/btf"

struct dc_btfobj {
	char *name;		/* "vmlinux", or a module's name */
	struct btf *btf;	/* NULL: not parsed (yet, or it failed) */
	bool tried;
};

/* Kept in the compiler handle: parsed once, used by every compile. */
struct dc_btfset {
	char *dir;
	struct dc_btfobj *objs;	/* [0] is vmlinux */
	uint32_t nobjs;
	bool listed;		/* the module files were listed */
	int err;		/* errno of vmlinux's parse, or 0 */
};

static int dc_btf_silent(enum libbpf_print_level level, const char *fmt,
			 va_list ap)
{
	return 0;
}

void dc_btf_free(struct dc *dc)
{
	struct dc_btfset *s = dc->btf;
	uint32_t i;

	if (!s)
		return;
	for (i = 0; i < s->nobjs; i++) {
		btf__free(s->objs[i].btf);
		free(s->objs[i].name);
	}
	free(s->objs);
	free(s->dir);
	free(s);
	dc->btf = NULL;
}

static const char *dc_btf_dir(struct dc_cc *cc)
{
	const struct dc_opts *o = cc->opts;

	if (o && o->sz >= offsetof(struct dc_opts, btf_dir) +
	    sizeof(o->btf_dir) && o->btf_dir)
		return o->btf_dir;
	return DC_BTF_DIR;
}

/* The handle's set, for this compilation's directory. */
static struct dc_btfset *dc_btf_set(struct dc_cc *cc)
{
	struct dc *dc = cc->dc;
	const char *dir = dc_btf_dir(cc);

	if (dc->btf && strcmp(dc->btf->dir, dir))
		dc_btf_free(dc);
	if (!dc->btf) {
		struct dc_btfset *s = calloc(1, sizeof(*s));

		if (!s || !(s->dir = strdup(dir)) ||
		    !(s->objs = calloc(1, sizeof(*s->objs))) ||
		    !(s->objs[0].name = strdup("vmlinux"))) {
			if (s) {
				free(s->objs);
				free(s->dir);
			}
			free(s);
			cc->oom = true;
			return NULL;
		}
		s->nobjs = 1;
		dc->btf = s;
		libbpf_set_print(dc_btf_silent);
	}
	return dc->btf;
}

/* Object @i parsed, or NULL (vmlinux's failure recorded in s->err). */
static struct btf *dc_btf_obj(struct dc_cc *cc, uint32_t i)
{
	struct dc_btfset *s = dc_btf_set(cc);
	struct dc_btfobj *o;
	char path[4096];

	if (!s || i >= s->nobjs)
		return NULL;
	o = &s->objs[i];
	if (o->tried)
		return o->btf;
	o->tried = true;
	snprintf(path, sizeof(path), "%s/%s", s->dir, o->name);
	if (i == 0) {
		o->btf = btf__parse_split(path, NULL);
		if (!o->btf) {
			s->err = errno ? errno : ENOENT;
			o->btf = NULL;
		}
		return o->btf;
	}
	if (!dc_btf_obj(cc, 0))
		return NULL;
	o->btf = btf__parse_split(path, s->objs[0].btf);
	if (!o->btf)
		o->btf = NULL;
	return o->btf;
}

/* List the modules' BTF files once: objects 1.. */
static void dc_btf_list(struct dc_cc *cc)
{
	struct dc_btfset *s = dc_btf_set(cc);
	struct dirent *e;
	DIR *d;

	if (!s || s->listed)
		return;
	s->listed = true;
	d = opendir(s->dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		struct dc_btfobj *v;

		if (e->d_name[0] == '.' || !strcmp(e->d_name, "vmlinux"))
			continue;
		v = realloc(s->objs, (s->nobjs + 1) * sizeof(*v));
		if (!v) {
			cc->oom = true;
			break;
		}
		s->objs = v;
		memset(&v[s->nobjs], 0, sizeof(*v));
		v[s->nobjs].name = strdup(e->d_name);
		if (!v[s->nobjs].name) {
			cc->oom = true;
			break;
		}
		s->nobjs++;
	}
	closedir(d);
}

/* The object named @name (a module, or vmlinux), or -1. */
static int dc_btf_objnamed(struct dc_cc *cc, const char *name)
{
	struct dc_btfset *s = dc_btf_set(cc);
	uint32_t i;

	if (!s)
		return -1;
	if (!strcmp(name, "vmlinux"))
		return 0;
	dc_btf_list(cc);
	for (i = 1; i < s->nobjs; i++)
		if (!strcmp(s->objs[i].name, name))
			return (int)i;
	return -1;
}

const char *dc_btf_error(struct dc_cc *cc, char *buf, size_t size)
{
	struct dc_btfset *s = dc_btf_set(cc);

	if (!s)
		return "out of memory";
	dc_btf_obj(cc, 0);
	if (s->err)
		snprintf(buf, size,
			 "the kernel's type information is not available: %s/vmlinux: %s (a kernel built with CONFIG_DEBUG_INFO_BTF=y has it)",
			 s->dir, strerror(s->err));
	else
		snprintf(buf, size, "not in the kernel's BTF (%s)", s->dir);
	return buf;
}

bool dc_btf_available(struct dc_cc *cc)
{
	return dc_btf_obj(cc, 0) != NULL;
}

/* ---- importing -------------------------------------------------------- */

/* The per-compilation map of (object, BTF id) to table id. */
static uint32_t *dc_btf_slot(struct dc_cc *cc, uint32_t obj, uint32_t id)
{
	struct btf *b = dc_btf_obj(cc, obj);
	uint32_t cnt;

	if (!b)
		return NULL;
	cnt = btf__type_cnt(b);
	if (id >= cnt)
		return NULL;
	if (obj >= cc->nbtfmap) {
		uint32_t **v = realloc(cc->btfmap, (obj + 1) * sizeof(*v));

		if (!v) {
			cc->oom = true;
			return NULL;
		}
		memset(v + cc->nbtfmap, 0, (obj + 1 - cc->nbtfmap) * sizeof(*v));
		cc->btfmap = v;
		cc->nbtfmap = obj + 1;
	}
	if (!cc->btfmap[obj]) {
		cc->btfmap[obj] = calloc(cnt, sizeof(uint32_t));
		if (!cc->btfmap[obj]) {
			cc->oom = true;
			return NULL;
		}
	}
	return &cc->btfmap[obj][id];
}

static const char *dc_btf_str(struct btf *b, uint32_t off)
{
	const char *s = btf__name_by_offset(b, off);

	return s && s[0] ? s : NULL;
}

/* A struct or union's members into @t, their types as BTF ids. */
static bool dc_btf_members(struct dc_cc *cc, struct btf *b,
			   const struct btf_type *bt, struct dc_ctype *t)
{
	const struct btf_member *m = btf_members(bt);
	uint32_t i, vlen = btf_vlen(bt);

	t->kind = btf_is_struct(bt) ? DC_CT_STRUCT : DC_CT_UNION;
	t->size = bt->size;
	t->n = vlen;
	t->members = dc_alloc(cc, (vlen ? vlen : 1) * sizeof(*t->members));
	if (!t->members)
		return false;
	for (i = 0; i < vlen; i++) {
		t->members[i].name = dc_btf_str(b, m[i].name_off);
		t->members[i].btf = m[i].type;
		t->members[i].bitoff = btf_member_bit_offset(bt, i);
		t->members[i].bits = btf_member_bitfield_size(bt, i);
	}
	return true;
}

/* An enum's (32- or 64-bit) enumerators into @t. */
static bool dc_btf_enum(struct dc_cc *cc, struct btf *b,
			const struct btf_type *bt, struct dc_ctype *t)
{
	uint32_t i, vlen = btf_vlen(bt);

	t->kind = DC_CT_ENUM;
	t->size = bt->size;
	t->uns = !btf_kflag(bt);
	t->n = vlen;
	t->vals = dc_alloc(cc, (vlen ? vlen : 1) * sizeof(*t->vals));
	if (!t->vals)
		return false;
	for (i = 0; i < vlen; i++) {
		if (btf_is_enum(bt)) {
			const struct btf_enum *e = btf_enum(bt) + i;

			t->vals[i].name = dc_btf_str(b, e->name_off);
			t->vals[i].val = t->uns ? (int64_t)(uint32_t)e->val :
					 e->val;
		} else {
			const struct btf_enum64 *e = btf_enum64(bt) + i;

			t->vals[i].name = dc_btf_str(b, e->name_off);
			t->vals[i].val = (int64_t)btf_enum64_value(e);
		}
		if (!t->vals[i].name)
			t->vals[i].name = "";
	}
	return true;
}

/* A function prototype into @t, its argument types as BTF ids. */
static bool dc_btf_proto(struct dc_cc *cc, const struct btf_type *bt,
			 struct dc_ctype *t)
{
	const struct btf_param *pa = btf_params(bt);
	uint32_t i, vlen = btf_vlen(bt);

	t->kind = DC_CT_FUNC;
	t->n = vlen;
	if (vlen && !pa[vlen - 1].type && !pa[vlen - 1].name_off) {
		t->varargs = 1;	/* a trailing "..." */
		t->n--;
	}
	t->args = dc_alloc(cc, (vlen ? vlen : 1) * sizeof(*t->args));
	if (!t->args)
		return false;
	for (i = 0; i < t->n; i++)
		t->args[i] = pa[i].type;
	t->argbtf = 1;
	return true;
}

uint32_t dc_btf_import(struct dc_cc *cc, uint32_t obj, uint32_t id)
{
	struct btf *b = dc_btf_obj(cc, obj);
	const struct btf_type *bt;
	struct dc_ctype t;
	uint32_t *slot, tid;

	if (!b)
		return 0;
	if (id == 0)
		return cc->ct.t_void;
	/* a module's BTF is split: low ids are vmlinux's */
	if (obj && id < btf__type_cnt(dc_btf_obj(cc, 0)))
		obj = 0, b = dc_btf_obj(cc, 0);
	slot = dc_btf_slot(cc, obj, id);
	if (!slot)
		return 0;
	if (*slot)
		return *slot;
	bt = btf__type_by_id(b, id);
	if (!bt)
		return 0;
	memset(&t, 0, sizeof(t));
	t.src = DC_CTS_BTF;
	t.obj = (uint16_t)obj;
	t.btf = id;
	t.name = dc_btf_str(b, bt->name_off);
	switch (btf_kind(bt)) {
	case BTF_KIND_INT: {
		uint32_t enc = btf_int_encoding(bt);

		t.kind = DC_CT_INT;
		t.size = bt->size;
		t.uns = !(enc & BTF_INT_SIGNED);
		if (enc & BTF_INT_BOOL)
			t.uns = 1;
		break;
	}
	case BTF_KIND_FLOAT:
		t.kind = DC_CT_FLOAT;
		t.size = bt->size;
		break;
	case BTF_KIND_PTR:
		t.kind = DC_CT_PTR;
		t.size = 8;
		break;
	case BTF_KIND_TYPEDEF:
		t.kind = DC_CT_TYPEDEF;
		break;
	case BTF_KIND_CONST:
		t.kind = DC_CT_CONST;
		break;
	case BTF_KIND_VOLATILE:
		t.kind = DC_CT_VOLATILE;
		break;
	case BTF_KIND_RESTRICT:
		t.kind = DC_CT_RESTRICT;
		break;
	case BTF_KIND_TYPE_TAG:		/* an annotation: the type itself */
		t.kind = DC_CT_TYPEDEF;
		t.name = NULL;
		break;
	case BTF_KIND_ARRAY:
		t.kind = DC_CT_ARRAY;
		t.n = btf_array(bt)->nelems;
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		if (!dc_btf_members(cc, b, bt, &t))
			return 0;
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		if (!dc_btf_enum(cc, b, bt, &t))
			return 0;
		break;
	case BTF_KIND_FWD:
		t.kind = DC_CT_FWD;
		t.fwdkind = btf_kflag(bt) ? DC_CT_UNION : DC_CT_STRUCT;
		break;
	case BTF_KIND_FUNC: {
		/* a function: its prototype, under the function's name */
		uint32_t p = dc_btf_import(cc, obj, bt->type);

		slot = dc_btf_slot(cc, obj, id);
		if (slot)
			*slot = p;
		return p;
	}
	case BTF_KIND_FUNC_PROTO:
		if (!dc_btf_proto(cc, bt, &t))
			return 0;
		break;
	case BTF_KIND_VAR: {
		uint32_t v = dc_btf_import(cc, obj, bt->type);

		slot = dc_btf_slot(cc, obj, id);
		if (slot)
			*slot = v;
		return v;
	}
	default:		/* datasec, decl tags: nothing D can use */
		t.kind = DC_CT_VOID;
		break;
	}
	tid = dc_ct_add(cc, &t);
	slot = dc_btf_slot(cc, obj, id);
	if (slot)
		*slot = tid;
	return tid;
}

/* The BTF of table type @tid, and its type record. */
static const struct btf_type *dc_btf_of(struct dc_cc *cc, uint32_t tid,
					struct btf **bp)
{
	const struct dc_ctype *t = dc_ct(cc, tid);
	struct btf *b;

	if (t->src != DC_CTS_BTF)
		return NULL;
	b = dc_btf_obj(cc, t->obj);
	if (!b)
		return NULL;
	*bp = b;
	return btf__type_by_id(b, t->btf);
}

uint32_t dc_btf_ref(struct dc_cc *cc, uint32_t tid)
{
	const struct btf_type *bt;
	struct btf *b;
	uint32_t r;

	bt = dc_btf_of(cc, tid, &b);
	if (!bt)
		return 0;
	switch (btf_kind(bt)) {
	case BTF_KIND_ARRAY:
		r = dc_btf_import(cc, dc_ct(cc, tid)->obj, btf_array(bt)->type);
		break;
	case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE: case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG: case BTF_KIND_FUNC_PROTO:
		r = dc_btf_import(cc, dc_ct(cc, tid)->obj, bt->type);
		break;
	default:
		return 0;
	}
	dc_ct(cc, tid)->ref = r;
	return r;
}

uint32_t dc_btf_member(struct dc_cc *cc, uint32_t sou, uint32_t i)
{
	struct dc_ctype *t = dc_ct(cc, sou);
	uint32_t r;

	if (i >= t->n)
		return 0;
	r = dc_btf_import(cc, t->obj, t->members[i].btf);
	dc_ct(cc, sou)->members[i].type = r;
	return r;
}

uint32_t dc_btf_farg(struct dc_cc *cc, uint32_t fn, uint32_t i)
{
	struct dc_ctype *t = dc_ct(cc, fn);

	if (i >= t->n)
		return 0;
	return dc_btf_import(cc, t->obj, t->args[i]);
}

/* Find @name of BTF kind @bk in object @obj; its table id or 0. */
static uint32_t dc_btf_find(struct dc_cc *cc, uint32_t obj,
			    const char *name, int bk)
{
	struct btf *b = dc_btf_obj(cc, obj);
	int32_t id;

	if (!b)
		return 0;
	if (obj) {
		/* a module: its own types only (the low ids are vmlinux's,
		 * searched already) */
		uint32_t i = btf__type_cnt(dc_btf_obj(cc, 0)), n;

		for (n = btf__type_cnt(b); i < n; i++) {
			const struct btf_type *t = btf__type_by_id(b, i);
			const char *tn = t ? dc_btf_str(b, t->name_off) : NULL;

			if (t && btf_kind(t) == bk && tn && !strcmp(tn, name))
				return dc_btf_import(cc, obj, i);
		}
		return 0;
	}
	id = btf__find_by_name_kind(b, name, bk);
	if (id <= 0)
		return 0;
	return dc_btf_import(cc, obj, (uint32_t)id);
}

static uint32_t dc_btf_find_kind(struct dc_cc *cc, uint32_t obj,
				 uint32_t kind, const char *name)
{
	uint32_t r;

	switch (kind) {
	case DC_CT_STRUCT:
		r = dc_btf_find(cc, obj, name, BTF_KIND_STRUCT);
		return r ? r : dc_btf_find(cc, obj, name, BTF_KIND_FWD);
	case DC_CT_UNION:
		r = dc_btf_find(cc, obj, name, BTF_KIND_UNION);
		return r ? r : dc_btf_find(cc, obj, name, BTF_KIND_FWD);
	case DC_CT_ENUM:
		r = dc_btf_find(cc, obj, name, BTF_KIND_ENUM);
		return r ? r : dc_btf_find(cc, obj, name, BTF_KIND_ENUM64);
	case DC_CT_TYPEDEF:
		r = dc_btf_find(cc, obj, name, BTF_KIND_TYPEDEF);
		return r ? r : dc_btf_find(cc, obj, name, BTF_KIND_INT);
	case DC_CT_FUNC:
		return dc_btf_find(cc, obj, name, BTF_KIND_FUNC);
	case DC_CT_VOID:	/* a variable: its type */
		return dc_btf_find(cc, obj, name, BTF_KIND_VAR);
	}
	return 0;
}

uint32_t dc_btf_lookup(struct dc_cc *cc, uint32_t kind, const char *name,
		       const char *objname, bool modules)
{
	struct dc_btfset *s;
	uint32_t r, i;
	int o;

	if (objname) {
		o = dc_btf_objnamed(cc, objname);
		return o < 0 ? 0 : dc_btf_find_kind(cc, (uint32_t)o, kind, name);
	}
	r = dc_btf_find_kind(cc, 0, kind, name);
	/* a struct only declared in vmlinux may be defined in a module */
	if ((r && dc_ct_kind(cc, r) != DC_CT_FWD) || !modules ||
	    !dc_btf_available(cc))
		return r;
	dc_btf_list(cc);
	s = cc->dc->btf;
	for (i = 1; s && i < s->nobjs; i++) {
		uint32_t m = dc_btf_find_kind(cc, i, kind, name);

		if (m && dc_ct_kind(cc, m) != DC_CT_FWD)
			return m;
	}
	return r;
}

bool dc_btf_var_percpu(struct dc_cc *cc, const char *name,
		       const char *objname)
{
	int o = objname ? dc_btf_objnamed(cc, objname) : 0;
	struct btf *b = o >= 0 ? dc_btf_obj(cc, (uint32_t)o) : NULL;
	int32_t var, sec;
	uint32_t i;

	if (!b)
		return false;
	var = btf__find_by_name_kind(b, name, BTF_KIND_VAR);
	sec = btf__find_by_name_kind(b, ".data..percpu", BTF_KIND_DATASEC);
	if (var <= 0 || sec <= 0)
		return false;
	for (i = 0; i < btf_vlen(btf__type_by_id(b, sec)); i++)
		if (btf_var_secinfos(btf__type_by_id(b, sec))[i].type ==
		    (uint32_t)var)
			return true;
	return false;
}

bool dc_btf_objexists(struct dc_cc *cc, const char *objname)
{
	return dc_btf_objnamed(cc, objname) >= 0 &&
	       dc_btf_obj(cc, (uint32_t)dc_btf_objnamed(cc, objname));
}

void dc_btf_cc_free(struct dc_cc *cc)
{
	uint32_t i;

	for (i = 0; i < cc->nbtfmap; i++)
		free(cc->btfmap[i]);
	free(cc->btfmap);
	cc->btfmap = NULL;
	cc->nbtfmap = 0;
}
