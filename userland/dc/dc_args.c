// SPDX-License-Identifier: GPL-2.0
/*
 * dc_args.c - the typed probe arguments args[], the user registers
 * uregs[] and their names (R_RAX, R_PC, ...): the built-in arrays of D.
 *
 * args[N] is argN with the type the probe declares.  The types come
 * from the table below, one row per kernel probe kind, from what each
 * provider of kmod/ passes (docs/providers.md); fbt's from the traced
 * function's BTF prototype when the description names one function.
 * Where DTrace's args[N] is a translated structure (psinfo_t *,
 * bufinfo_t *, ...), args[N] is that translation (xlate) of the raw
 * argument the provider passes (a struct task_struct *, a struct
 * request *), by the translators of the D library (userland/dlib); where
 * it is a pointer to a kernel type (lockstat's locks) or the D library's
 * cpuinfo_t, a cast of the raw argument; proc:::exec's path is
 * copyinstr() of it.  Probes of other providers (USDT, pid) take int64_t
 * args.
 *
 * Called by dc_sem.c while it checks a clause; userland only.
 */
#include <fnmatch.h>
#include <stddef.h>
#include <string.h>

#include "dc_impl.h"
#include "usdt.h"
#include "dc_sem.h"
#include "vm.h"

/* An argument args[] gives as a D expression of the raw ones: its type
 * (as `sonde -l -v` shows it) and the expression.  @lib: the type is the
 * D library's (a translated structure, cpuinfo_t), which must be loaded. */
struct dc_argx {
	const char *type;
	const char *expr;
	bool lib;
};

/* One kind of probe and its arguments: one letter per argument
 * ('l' int64_t, 'L' uint64_t, 'i' int, 'p' uintptr_t, 'x' an expression
 * of the raw arguments, see x[]). */
struct dc_argrow {
	const char *prov;
	const char *name;		/* NULL: every probe of @prov */
	const char *types;
	struct dc_argx x[6];		/* 'x' arguments, at their index */
};

/* The translations of the stable providers' arguments. */
#define DC_X_LWP(a) { "lwpsinfo_t *", \
	"xlate <lwpsinfo_t *> ((struct task_struct *)" a ")", true }
#define DC_X_PS(a) { "psinfo_t *", \
	"xlate <psinfo_t *> ((struct task_struct *)" a ")", true }
#define DC_X_TASK(a) { DC_X_LWP(a), DC_X_PS(a) }
#define DC_X_IO(t) \
	{ { "bufinfo_t *", "xlate <bufinfo_t *> ((" t " *)arg4)", true }, \
	  { "devinfo_t *", "xlate <devinfo_t *> ((" t " *)arg4)", true }, \
	  { "fileinfo_t *", "xlate <fileinfo_t *> ((" t " *)arg4)", true } }
/* sched:::enqueue and dequeue: arg2 is the kernel's copy of the CPU's
 * cpuinfo_t (kmod/prov_stable.c) */
#define DC_X_QUEUE { DC_X_LWP("arg0"), DC_X_PS("arg0"), \
	{ "cpuinfo_t *", "(cpuinfo_t *)arg2", true } }
/* lockstat: the lock, a kernel type */
#define DC_X_LOCK(t) { { t " *", "(" t " *)arg0", false } }
/* ip, tcp, udp (kmod/prov_net.c): arg@a translated from kernel type @t */
#define DC_X_NET(o, t, a) { o " *", "xlate <" o " *> ((" t " *)arg" a ")", \
	true }
#define DC_X_PKT DC_X_NET("pktinfo_t", "struct sk_buff", "0"), \
	DC_X_NET("csinfo_t", "struct sock", "1")
#define DC_X_IP { DC_X_PKT, DC_X_NET("ipinfo_t", "void_ip_t", "2"), \
	DC_X_NET("ifinfo_t", "struct net_device", "3"), \
	DC_X_NET("ipv4info_t", "struct iphdr", "4"), \
	DC_X_NET("ipv6info_t", "struct ipv6hdr", "5") }
#define DC_X_TCP { DC_X_PKT, \
	DC_X_NET("ipinfo_t", "__dtrace_tcp_void_ip_t", "2"), \
	DC_X_NET("tcpsinfo_t", "struct tcp_sock", "3"), \
	DC_X_NET("tcpinfo_t", "struct tcphdr", "4") }
#define DC_X_UDP { DC_X_PKT, DC_X_NET("ipinfo_t", "void_ip_t", "2"), \
	DC_X_NET("udpsinfo_t", "struct udp_sock", "3"), \
	DC_X_NET("udpinfo_t", "struct udphdr", "4") }

static const struct dc_argrow dc_argrows[] = {
	{ .prov = "dtrace", .name = "BEGIN", .types = "" },
	{ .prov = "dtrace", .name = "END", .types = "" },
	{ .prov = "dtrace", .name = "ERROR", .types = "" },
	/* raw register values: DTrace on Linux has no syscall prototypes */
	{ .prov = "syscall", .name = "entry", .types = "llllll" },
	{ .prov = "syscall", .name = "return", .types = "ll" },
	/* no CTF: the raw argument registers; return: offset, value */
	{ .prov = "fbt", .name = "entry", .types = "llllll" },
	{ .prov = "fbt", .name = "return", .types = "il" },
	{ .prov = "profile", .types = "" },
	/* arg0, arg1: the kernel and user PCs, as profile's */
	{ .prov = "cpc", .types = "" },
	{ .prov = "tracepoint", .types = "LLLLLL" },
	{ .prov = "sched", .name = "on-cpu", .types = "" },
	{ .prov = "sched", .name = "off-cpu", .types = "xx",
	  .x = DC_X_TASK("arg0") },
	{ .prov = "sched", .name = "sleep", .types = "" },
	{ .prov = "sched", .name = "preempt", .types = "" },
	{ .prov = "sched", .name = "wakeup", .types = "xx",
	  .x = DC_X_TASK("arg0") },
	/* Oracle's: dequeue's args[3] is the kernel's flags, enqueue has
	 * three */
	{ .prov = "sched", .name = "enqueue", .types = "xxx", .x = DC_X_QUEUE },
	{ .prov = "sched", .name = "dequeue", .types = "xxxi",
	  .x = DC_X_QUEUE },
	{ .prov = "sched", .name = "change-pri", .types = "xxi",
	  .x = DC_X_TASK("arg0") },
	{ .prov = "sched", .name = "remain-cpu", .types = "" },
	{ .prov = "sched", .name = "surrender", .types = "xx",
	  .x = DC_X_TASK("arg0") },
	{ .prov = "sched", .name = "tick", .types = "xx",
	  .x = DC_X_TASK("arg0") },
	{ .prov = "proc", .name = "create", .types = "x", .x =
	  { DC_X_PS("arg0") } },
	{ .prov = "proc", .name = "exec", .types = "x", .x =
	  { { "string", "copyinstr(arg0)", false } } },
	{ .prov = "proc", .name = "exec-failure", .types = "i" },
	{ .prov = "proc", .name = "exec-success", .types = "" },
	{ .prov = "proc", .name = "exit", .types = "i" },
	{ .prov = "proc", .name = "lwp-create", .types = "xx",
	  .x = DC_X_TASK("arg0") },
	{ .prov = "proc", .name = "lwp-exit", .types = "" },
	{ .prov = "proc", .name = "lwp-start", .types = "" },
	{ .prov = "proc", .name = "signal-clear", .types = "i" },
	{ .prov = "proc", .name = "signal-discard", .types = "xxi",
	  .x = DC_X_TASK("arg0") },
	{ .prov = "proc", .name = "signal-handle", .types = "ipp" },
	{ .prov = "proc", .name = "signal-send", .types = "xxi",
	  .x = DC_X_TASK("arg0") },
	{ .prov = "proc", .name = "start", .types = "" },
	{ .prov = "io", .name = "start", .types = "xxx",
	  .x = DC_X_IO("struct request") },
	{ .prov = "io", .name = "done", .types = "xxx",
	  .x = DC_X_IO("struct request") },
	{ .prov = "io", .name = "wait-start", .types = "xxx",
	  .x = DC_X_IO("struct bio") },
	{ .prov = "io", .name = "wait-done", .types = "xxx",
	  .x = DC_X_IO("struct bio") },
	/* Oracle's lockstat (dt_prov_lockstat.c); its "struct rwlock" is
	 * Linux's rwlock_t.  The times are nanoseconds. */
	{ .prov = "lockstat", .name = "adaptive-acquire", .types = "x",
	  .x = DC_X_LOCK("struct mutex") },
	{ .prov = "lockstat", .name = "adaptive-acquire-error", .types = "xi",
	  .x = DC_X_LOCK("struct mutex") },
	{ .prov = "lockstat", .name = "adaptive-block", .types = "xL",
	  .x = DC_X_LOCK("struct mutex") },
	{ .prov = "lockstat", .name = "adaptive-release", .types = "x",
	  .x = DC_X_LOCK("struct mutex") },
	{ .prov = "lockstat", .name = "adaptive-spin", .types = "xL",
	  .x = DC_X_LOCK("struct mutex") },
	{ .prov = "lockstat", .name = "rw-acquire", .types = "xi",
	  .x = DC_X_LOCK("rwlock_t") },
	{ .prov = "lockstat", .name = "rw-release", .types = "xi",
	  .x = DC_X_LOCK("rwlock_t") },
	{ .prov = "lockstat", .name = "rw-spin", .types = "xLi",
	  .x = DC_X_LOCK("rwlock_t") },
	{ .prov = "lockstat", .name = "spin-acquire", .types = "x",
	  .x = DC_X_LOCK("spinlock_t") },
	{ .prov = "lockstat", .name = "spin-release", .types = "x",
	  .x = DC_X_LOCK("spinlock_t") },
	{ .prov = "lockstat", .name = "spin-spin", .types = "xL",
	  .x = DC_X_LOCK("spinlock_t") },
	/* Oracle's ip, tcp and udp (dt_prov_ip.c, dt_prov_tcp.c,
	 * dt_prov_udp.c); state-change has no packet: its args[0], [2] and
	 * [4] are 0 */
	{ .prov = "ip", .name = "receive", .types = "xxxxxx", .x = DC_X_IP },
	{ .prov = "ip", .name = "send", .types = "xxxxxx", .x = DC_X_IP },
	{ .prov = "tcp", .name = "accept-established", .types = "xxxxx",
	  .x = DC_X_TCP },
	{ .prov = "tcp", .name = "accept-refused", .types = "xxxxx",
	  .x = DC_X_TCP },
	{ .prov = "tcp", .name = "connect-established", .types = "xxxxx",
	  .x = DC_X_TCP },
	{ .prov = "tcp", .name = "connect-refused", .types = "xxxxx",
	  .x = DC_X_TCP },
	{ .prov = "tcp", .name = "connect-request", .types = "xxxxx",
	  .x = DC_X_TCP },
	{ .prov = "tcp", .name = "receive", .types = "xxxxx", .x = DC_X_TCP },
	{ .prov = "tcp", .name = "send", .types = "xxxxx", .x = DC_X_TCP },
	{ .prov = "tcp", .name = "state-change", .types = "pxpxpx",
	  .x = { [1] = DC_X_NET("csinfo_t", "struct sock", "1"),
		 [3] = DC_X_NET("tcpsinfo_t", "struct tcp_sock", "3"),
		 [5] = { "tcplsinfo_t *", "xlate <tcplsinfo_t *> ((int)arg5)",
			 true } } },
	{ .prov = "udp", .name = "receive", .types = "xxxxx", .x = DC_X_UDP },
	{ .prov = "udp", .name = "send", .types = "xxxxx", .x = DC_X_UDP },
};

/* User probes (USDT, pid): the ten arguments, as int64_t. */
static const struct dc_argrow dc_argrow_user = { .types = "llllllllll" };

static bool dc_is_kprov(const char *prov)
{
	size_t i;

	for (i = 0; i < sizeof(dc_argrows) / sizeof(dc_argrows[0]); i++)
		if (!strcmp(dc_argrows[i].prov, prov))
			return true;
	return false;
}

static bool dc_has_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

static struct dc_type dc_argtype(char c)
{
	switch (c) {
	case 'i':
		return (struct dc_type){ .kind = DC_T_INT, .size = 4 };
	case 'L':
	case 'p':
		return (struct dc_type){ .kind = DC_T_INT, .size = 8, .uns = 1 };
	}
	return (struct dc_type){ .kind = DC_T_INT, .size = 8 };
}

/* "syscall::read:entry" for messages (@buf holds it). */
static const char *dc_desc_text(const struct sonde_probe_desc *d, char *buf,
				size_t size)
{
	snprintf(buf, size, "%s:%s:%s:%s", d->provider, d->module,
		 d->function, d->name);
	return buf;
}

/*
 * The type of args[@idx] for the probes description @d may match: false
 * (reported at @n) when one of them has no such argument, or they
 * disagree.  *@seen says whether a row was found before (and *@t holds
 * its type).
 */
static bool dc_args_desc(struct dc_cc *cc, struct dc_node *n,
			 const struct sonde_probe_desc *d, int64_t idx,
			 struct dc_type *t, bool *seen,
			 const struct dc_argx **xl)
{
	const struct dc_argrow *rows = dc_argrows;
	size_t nrows = sizeof(dc_argrows) / sizeof(dc_argrows[0]), i;
	char buf[SONDE_PROVNAMELEN + SONDE_MODNAMELEN + SONDE_FUNCNAMELEN +
		 SONDE_NAMELEN + 4];
	bool any = false;

	/* BEGIN, END and ERROR without a provider are dtrace's */
	if (!d->provider[0] && !d->module[0] && !d->function[0] &&
	    (!strcmp(d->name, "BEGIN") || !strcmp(d->name, "END") ||
	     !strcmp(d->name, "ERROR"))) {
		static struct sonde_probe_desc dd = { .provider = "dtrace" };

		memcpy(dd.name, d->name, sizeof(dd.name));
		d = &dd;
	}
	if (!d->provider[0] || dc_has_glob(d->provider)) {
		dc_error(cc, "D_ARGS_MULTI", n->line, n->col,
			 "args[ ] may not be referenced because probe description %s matches an unstable set of probes: name its provider",
			 dc_desc_text(d, buf, sizeof(buf)));
		return false;
	}
	if (!dc_is_kprov(d->provider)) {
		rows = &dc_argrow_user;
		nrows = 1;
	}
	for (i = 0; i < nrows; i++) {
		const struct dc_argrow *r = &rows[i];
		struct dc_type rt;
		char c;

		if (r->prov && strcmp(r->prov, d->provider))
			continue;
		if (r->name && d->name[0] &&
		    fnmatch(d->name, r->name, 0) != 0)
			continue;
		any = true;
		if (idx >= (int64_t)strlen(r->types)) {
			dc_error(cc, "D_ARGS_IDX", n->line, n->col,
				 "index %lld is out of range for %s args[ ]%s%s%s",
				 (long long)idx, dc_desc_text(d, buf,
							      sizeof(buf)),
				 r->name && !d->name[0] ? " (probe " : "",
				 r->name && !d->name[0] ? r->name : "",
				 r->name && !d->name[0] ? ")" : "");
			return false;
		}
		c = r->types[idx];
		if ((c == 'x') != (*xl != NULL) && *seen) {
			dc_error(cc, "D_ARGS_MULTI", n->line, n->col,
				 "args[%lld] may not be referenced because the probes of this clause give it different types",
				 (long long)idx);
			return false;
		}
		if (c == 'x') {
			if (*xl && strcmp((*xl)->expr, r->x[idx].expr)) {
				dc_error(cc, "D_ARGS_MULTI", n->line, n->col,
					 "args[%lld] may not be referenced because the probes of this clause give it different types",
					 (long long)idx);
				return false;
			}
			*xl = &r->x[idx];
			*seen = true;
			continue;
		}
		rt = dc_argtype(c);
		if (*seen && (rt.size != t->size || rt.uns != t->uns)) {
			dc_error(cc, "D_ARGS_MULTI", n->line, n->col,
				 "args[%lld] may not be referenced because the probes of this clause give it different types",
				 (long long)idx);
			return false;
		}
		*t = rt;
		*seen = true;
	}
	if (!any) {
		dc_error(cc, "D_ARGS_IDX", n->line, n->col,
			 "index %lld is out of range for %s args[ ]: no such probe",
			 (long long)idx, dc_desc_text(d, buf, sizeof(buf)));
		return false;
	}
	return true;
}

/*
 * args[@idx] the expression @xl of the probe's raw arguments: a library
 * translator applied to one, a cast, copyinstr() (checked here).
 */
static bool dc_args_xlate(struct dc_cc *cc, struct dc_node *n, int64_t idx,
			  const struct dc_argx *xl,
			  const struct sonde_probe_desc *d)
{
	char tname[64], buf[SONDE_PROVNAMELEN + SONDE_MODNAMELEN +
			     SONDE_FUNCNAMELEN + SONDE_NAMELEN + 4];
	struct dc_node *e;
	size_t l;

	/* a type of the D library: it must be there */
	if (dc_libs_need(cc))
		return false;
	l = strcspn(xl->type, " *");
	snprintf(tname, sizeof(tname), "%.*s", (int)l, xl->type);
	if (xl->lib && !dc_ct_find(cc, DC_CT_TYPEDEF, tname)) {
		dc_error(cc, "D_ARGS_XLATOR", n->line, n->col,
			 "args[%lld] of %s is a %s, a type sonde's D library defines, and no D library is loaded (install it, or name its directory with -L)",
			 (long long)idx, dc_desc_text(d, buf, sizeof(buf)),
			 xl->type);
		return false;
	}
	e = dc_parse_expr_text(cc, xl->expr, n->line, n->col);
	if (!e)
		return false;
	*n = *e;
	return dc_sem_obj(cc, n);
}

/* Has @s a glob character? */
static bool dc_globby(const char *s)
{
	return strpbrk(s, "*?[\\") != NULL;
}

/*
 * A tracepoint's prototype: the function type of the kernel's
 * btf_trace_<event> typedef (a pointer to the probe function TP_PROTO
 * makes: its first parameter the probe's data, then the tracepoint's
 * arguments), or 0 when BTF has none.
 */
static uint32_t dc_args_tp_proto(struct dc_cc *cc, const char *event)
{
	char name[SONDE_NAMELEN + 16];
	uint32_t t;

	snprintf(name, sizeof(name), "btf_trace_%s", event);
	t = dc_btf_lookup(cc, DC_CT_TYPEDEF, name, NULL, true);
	if (!t)
		return 0;
	t = dc_ct_resolve(cc, t);
	if (dc_ct_kind(cc, t) != DC_CT_PTR)
		return 0;
	t = dc_ct_resolve(cc, dc_ct_ref(cc, t));
	return dc_ct_kind(cc, t) == DC_CT_FUNC && dc_ct(cc, t)->n >= 1 ? t : 0;
}

/*
 * fbt args[@idx] typed from the traced function's BTF prototype, when
 * every description names one function (and entry or return) and the
 * kernel's BTF has them all with one type for the argument: 1 and @n
 * is (type)argN; 0 when not (args[] stays the raw argument); -1 after a
 * reported error.
 */
static int dc_args_btf(struct dc_cc *cc, struct dc_node *n, int64_t idx,
		       const struct sonde_pclause *pc)
{
	uint32_t i, tid = 0, a;
	struct dc_node *id;
	char b1[256], b2[256];
	bool ret = false;

	for (i = 0; i < pc->ndescs; i++) {
		const struct sonde_probe_desc *d = &pc->descs[i].desc;
		uint32_t fn, t;

		if (!strcmp(d->provider, "tracepoint")) {
			/* args[i] the tracepoint's argument i: the
			 * prototype's parameter i + 1 */
			if (!d->name[0] || dc_globby(d->name) || i)
				return 0;
			fn = dc_args_tp_proto(cc, d->name);
			if (!fn)
				return 0;	/* not in BTF: untyped */
			if ((uint64_t)idx + 1 >= dc_ct(cc, fn)->n) {
				dc_error(cc, "D_ARGS_IDX", n->line, n->col,
					 "index %lld is out of range for tracepoint %s's args[ ]: it has %u argument%s",
					 (long long)idx, d->name,
					 dc_ct(cc, fn)->n - 1,
					 dc_ct(cc, fn)->n == 2 ? "" : "s");
				return -1;
			}
			tid = dc_ct_farg(cc, fn, (uint32_t)idx + 1);
			if (pc->ndescs != 1)
				return 0;
			break;
		}
		if (strcmp(d->provider, "fbt") || !d->function[0] ||
		    dc_globby(d->function) || dc_globby(d->module) ||
		    (strcmp(d->name, "entry") && strcmp(d->name, "return")))
			return 0;
		if (i && ret != !strcmp(d->name, "return"))
			return 0;
		ret = !strcmp(d->name, "return");
		if (ret && idx == 0)
			return 0;		/* the offset: int */
		fn = dc_btf_lookup(cc, DC_CT_FUNC, d->function,
				   d->module[0] ? d->module : NULL, true);
		if (!fn || dc_ct_kind(cc, fn) != DC_CT_FUNC)
			return 0;		/* not in BTF: untyped */
		if (ret) {
			t = dc_ct_ref(cc, fn);
			if (dc_ct_kind(cc, t) == DC_CT_VOID) {
				dc_error(cc, "D_ARGS_IDX", n->line, n->col,
					 "index %lld is out of range for fbt::%s:return args[ ]: %s returns void",
					 (long long)idx, d->function, d->function);
				return -1;
			}
		} else {
			if ((uint64_t)idx >= dc_ct(cc, fn)->n) {
				dc_error(cc, "D_ARGS_IDX", n->line, n->col,
					 "index %lld is out of range for fbt::%s:entry args[ ]: %s takes %u argument%s",
					 (long long)idx, d->function, d->function,
					 dc_ct(cc, fn)->n,
					 dc_ct(cc, fn)->n == 1 ? "" : "s");
				return -1;
			}
			t = dc_ct_farg(cc, fn, (uint32_t)idx);
		}
		if (tid && !dc_sem_same_type(cc, tid, t)) {
			dc_error(cc, "D_ARGS_MULTI", n->line, n->col,
				 "args[%lld] may not be referenced because the probes of this clause give it different types: %s and %s",
				 (long long)idx, dc_ct_name(cc, tid, b1, sizeof(b1)),
				 dc_ct_name(cc, t, b2, sizeof(b2)));
			return -1;
		}
		tid = t;
	}
	if (!tid)
		return 0;
	/* (type)argN: argN is the raw register, the cast gives it its C
	 * type (narrowed and extended) */
	a = SONDE_B_arg0 + (uint32_t)idx;
	id = dc_alloc(cc, sizeof(*id));
	if (!id)
		return -1;
	id->kind = DC_N_IDENT;
	id->line = n->line;
	id->col = n->col;
	id->name = (char *)sonde_builtin_name(a);
	memset(n, 0, offsetof(struct dc_node, line));
	n->kind = DC_N_CAST;
	n->l = id;
	n->args = NULL;
	n->nargs = 0;
	n->ctype = dc_ct_type(cc, tid, DC_SP_KERNEL);
	if (n->ctype.kind == DC_T_SOU || n->ctype.kind == DC_T_ARRAY ||
	    n->ctype.kind == DC_T_ERR) {
		dc_error(cc, "D_ARGS_TYPE", n->line, n->col,
			 "args[%lld] has type %s, which is passed by value: D cannot read it",
			 (long long)idx, dc_ct_name(cc, tid, b1, sizeof(b1)));
		return -1;
	}
	return dc_sem_expr(cc, n) ? 1 : -1;
}

/*
 * The probe the program's provider definitions declare for @d: provider
 * NAME, or NAME and a process id (python$target's python1234), and the
 * probe's name with DTrace's "__" for "-"; NULL when there is none or
 * the description is a glob.
 */
static const struct sonde_sdt_probe *
dc_args_udef_probe(struct dc_cc *cc, const struct sonde_probe_desc *d)
{
	char name[SONDE_NAMELEN];
	size_t i, j, k, l;

	if (!cc->udefs || !d->name[0] || dc_globby(d->name) ||
	    dc_globby(d->provider))
		return NULL;
	for (i = 0; i < cc->udefs->nprovs; i++) {
		const struct sonde_sdt_provider *pv = &cc->udefs->provs[i];

		l = strlen(pv->name);
		if (strncmp(d->provider, pv->name, l) ||
		    d->provider[l + strspn(d->provider + l, "0123456789")])
			continue;
		for (j = 0; j < pv->nprobes; j++) {
			const char *s = pv->probes[j].name;

			for (k = 0; *s && k + 1 < sizeof(name); k++)
				if (s[0] == '_' && s[1] == '_') {
					name[k] = '-';
					s += 2;
				} else {
					name[k] = *s++;
				}
			name[k] = 0;
			if (!strcmp(name, d->name))
				return &pv->probes[j];
		}
	}
	return NULL;
}

/*
 * args[@idx] of USDT probes the program's provider definitions declare:
 * argN with the declared type (a pointer, which points into the traced
 * process, as uintptr_t: copyin() and copyinstr() read it).  1 typed, 0
 * not declared, -1 after a reported error.
 */
static int dc_args_udef(struct dc_cc *cc, struct dc_node *n, int64_t idx,
			const struct sonde_pclause *pc)
{
	const struct sonde_sdt_probe *pr = NULL, *q;
	char text[192], type[160], *sp;
	struct dc_node *e;
	uint32_t i;

	for (i = 0; i < pc->ndescs; i++) {
		q = dc_args_udef_probe(cc, &pc->descs[i].desc);
		if (!q || (pr && (q->nargs != pr->nargs ||
				  (idx < q->nargs &&
				   strcmp(q->args[idx], pr->args[idx])))))
			return 0;
		pr = q;
	}
	if (!pr)
		return 0;
	if (idx >= pr->nargs) {
		dc_error(cc, "D_ARGS_IDX", n->line, n->col,
			 "index %lld is out of range for %s args[ ]: its provider definition gives it %d argument%s",
			 (long long)idx, pc->descs[0].desc.name, pr->nargs,
			 pr->nargs == 1 ? "" : "s");
		return -1;
	}
	snprintf(type, sizeof(type), "%s", pr->args[idx]);
	/* "int count": the parameter's name goes */
	sp = strrchr(type, ' ');
	if (sp && !strchr(type, '*') && strncmp(type, "struct ", 7) &&
	    strncmp(type, "union ", 6) && strncmp(type, "enum ", 5) &&
	    strcmp(sp + 1, "int") && strcmp(sp + 1, "long") &&
	    strcmp(sp + 1, "short") && strcmp(sp + 1, "char") &&
	    strcmp(sp + 1, "unsigned") && strcmp(sp + 1, "signed"))
		*sp = 0;
	snprintf(text, sizeof(text), "(%s)arg%lld",
		 strchr(type, '*') ? "uintptr_t" : type, (long long)idx);
	e = dc_parse_expr_text(cc, text, n->line, n->col);
	if (!e)
		return -1;
	*n = *e;
	return dc_sem_expr(cc, n) ? 1 : -1;
}

bool dc_args_index(struct dc_cc *cc, struct dc_node *n)
{
	const struct sonde_pclause *pc;
	struct dc_type t = { .kind = DC_T_INT, .size = 8 };
	const struct dc_argx *xl = NULL;
	bool seen = false;
	int64_t idx;
	uint32_t i;

	if (n->nargs != 1) {
		dc_error(cc, "D_PROTO_LEN", n->line, n->col,
			 "args[ ] prototype mismatch: %u args passed, 1 expected",
			 n->nargs);
		return false;
	}
	if (!dc_sem_const_index(cc, n->args[0], "args", &idx))
		return false;
	if (idx < 0 || idx > SONDE_B_arg9 - SONDE_B_arg0) {
		dc_error(cc, "D_ARGS_IDX", n->args[0]->line, n->args[0]->col,
			 "index %lld is out of range for args[ ] (0 to %d)",
			 (long long)idx, SONDE_B_arg9 - SONDE_B_arg0);
		return false;
	}
	pc = cc->cur_clause < cc->prog->nclauses ?
	     &cc->prog->clauses[cc->cur_clause] : NULL;
	/* descriptions that failed to expand were reported already: the
	 * others decide, int64_t if none is left (the compilation fails
	 * anyway) */
	if (!pc || (!pc->ndescs && !cc->clauses[cc->cur_clause].ndescs)) {
		dc_error(cc, "D_ARGS_NONE", n->line, n->col,
			 "args[ ] may not be referenced outside of a probe clause");
		return false;
	}
	for (i = 0; i < pc->ndescs; i++)
		if (!dc_args_desc(cc, n, &pc->descs[i].desc, idx, &t, &seen,
				  &xl))
			return false;
	if (xl)
		return dc_args_xlate(cc, n, idx, xl, &pc->descs[0].desc);
	switch (dc_args_btf(cc, n, idx, pc)) {
	case 1:
		return true;
	case -1:
		return false;
	}
	switch (dc_args_udef(cc, n, idx, pc)) {
	case 1:
		return true;
	case -1:
		return false;
	}
	/* argN with its type: an ordinary built-in from here on */
	n->kind = DC_N_IDENT;
	n->name = (char *)sonde_builtin_name(SONDE_B_arg0 + (uint32_t)idx);
	n->id = SONDE_B_arg0 + (int)idx;
	n->type = t;
	n->args = NULL;
	n->nargs = 0;
	n->l = NULL;
	return true;
}

/* ---- uregs[] ------------------------------------------------------------ */

/*
 * The register names of DTrace's regs.d for amd64, on the SONDE_UREGS
 * numbering (x86-64 pt_regs words, as Oracle's DTrace for Linux numbers
 * them).  R_ERR is pt_regs' orig_rax.  The generic names follow regs.d:
 * R_PC, R_SP, R_FP, R_PS, and R_R0 / R_R1 = rax / rbx (DTrace's choice,
 * from i386's eax / ebx).  The 32-bit names read the same 64-bit
 * registers, as DTrace does for a 64-bit process.  Not offered:
 * R_TRAPNO, R_GS, R_FS, R_ES, R_DS (not in pt_regs).
 */
static const struct {
	const char *name;
	int reg;
} dc_regnames[] = {
	{ "R_R15", SONDE_UREG_r15 }, { "R_R14", SONDE_UREG_r14 },
	{ "R_R13", SONDE_UREG_r13 }, { "R_R12", SONDE_UREG_r12 },
	{ "R_RBP", SONDE_UREG_rbp }, { "R_RBX", SONDE_UREG_rbx },
	{ "R_R11", SONDE_UREG_r11 }, { "R_R10", SONDE_UREG_r10 },
	{ "R_R9", SONDE_UREG_r9 }, { "R_R8", SONDE_UREG_r8 },
	{ "R_RAX", SONDE_UREG_rax }, { "R_RCX", SONDE_UREG_rcx },
	{ "R_RDX", SONDE_UREG_rdx }, { "R_RSI", SONDE_UREG_rsi },
	{ "R_RDI", SONDE_UREG_rdi }, { "R_ERR", SONDE_UREG_orig_rax },
	{ "R_RIP", SONDE_UREG_rip }, { "R_CS", SONDE_UREG_cs },
	{ "R_RFL", SONDE_UREG_rflags }, { "R_RSP", SONDE_UREG_rsp },
	{ "R_SS", SONDE_UREG_ss },
	/* i386 names of the same registers */
	{ "R_EAX", SONDE_UREG_rax }, { "R_EBX", SONDE_UREG_rbx },
	{ "R_ECX", SONDE_UREG_rcx }, { "R_EDX", SONDE_UREG_rdx },
	{ "R_ESI", SONDE_UREG_rsi }, { "R_EDI", SONDE_UREG_rdi },
	{ "R_EBP", SONDE_UREG_rbp }, { "R_EIP", SONDE_UREG_rip },
	{ "R_EFL", SONDE_UREG_rflags }, { "R_ESP", SONDE_UREG_rsp },
	{ "R_UESP", SONDE_UREG_rsp },
	/* the generic names */
	{ "R_PC", SONDE_UREG_rip }, { "R_SP", SONDE_UREG_rsp },
	{ "R_FP", SONDE_UREG_rbp }, { "R_PS", SONDE_UREG_rflags },
	{ "R_R0", SONDE_UREG_rax }, { "R_R1", SONDE_UREG_rbx },
};

int dc_reg_const(const char *name)
{
	size_t i;

	if (strncmp(name, "R_", 2))
		return -1;
	for (i = 0; i < sizeof(dc_regnames) / sizeof(dc_regnames[0]); i++)
		if (!strcmp(dc_regnames[i].name, name))
			return dc_regnames[i].reg;
	return -1;
}

bool dc_uregs_index(struct dc_cc *cc, struct dc_node *n)
{
	int64_t idx;

	if (n->nargs != 1) {
		dc_error(cc, "D_PROTO_LEN", n->line, n->col,
			 "uregs[ ] prototype mismatch: %u args passed, 1 expected",
			 n->nargs);
		return false;
	}
	if (!dc_sem_const_index(cc, n->args[0], "uregs", &idx))
		return false;
	if (idx < 0 || idx >= SONDE_NUREGS) {
		dc_error(cc, "D_REGS_IDX", n->args[0]->line, n->args[0]->col,
			 "index %lld is out of range for array uregs (0 to %d: R_R15 to R_SS)",
			 (long long)idx, SONDE_NUREGS - 1);
		return false;
	}
	n->kind = DC_N_UREG;
	n->id = (int)idx;
	n->type = (struct dc_type){ .kind = DC_T_INT, .size = 8,
				    .uns = 1 };	/* uint64_t */
	return true;
}

/*
 * The types of probe @d's arguments as `sonde -l -v` lists them (dtrace's
 * "Argument Types"): what args[] gives, and for an argument DTrace
 * translates to a structure, that type and what to use instead.  At most
 * @max, and for user probes @nargs (they take int64_t arguments).
 * Returns how many were written to @out.
 */
int dc_probe_argtypes(const struct sonde_probe_desc *d, uint32_t nargs,
		      char out[][160], int max)
{
	const struct dc_argrow *row = NULL;
	size_t i;
	int n = 0;

	for (i = 0; i < sizeof(dc_argrows) / sizeof(dc_argrows[0]); i++) {
		if (strcmp(dc_argrows[i].prov, d->provider))
			continue;
		if (!dc_argrows[i].name || !strcmp(dc_argrows[i].name, d->name)) {
			row = &dc_argrows[i];
			break;
		}
	}
	if (!row) {
		if (dc_is_kprov(d->provider))
			return 0;
		row = &dc_argrow_user;
		if (nargs < strlen(row->types))
			max = max < (int)nargs ? max : (int)nargs;
	}
	for (i = 0; row->types[i] && n < max; i++, n++) {
		switch (row->types[i]) {
		case 'i': snprintf(out[n], 160, "int"); break;
		case 'L': snprintf(out[n], 160, "uint64_t"); break;
		case 'p': snprintf(out[n], 160, "uintptr_t"); break;
		case 'x':
			snprintf(out[n], 160, "%s", row->x[i].type);
			break;
		default: snprintf(out[n], 160, "int64_t"); break;
		}
	}
	return n;
}
