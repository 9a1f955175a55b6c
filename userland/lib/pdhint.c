// SPDX-License-Identifier: GPL-2.0
/*
 * pdhint.c - what to say after "probe description D does not match any
 * probes": the line that helps, if one does.  In this order, the first
 * that applies:
 *
 *  1. D is a bpftrace probe (kprobe:vfs_read, which D reads as
 *     ::kprobe:vfs_read): its D form (bpf_forms[]).
 *  2. D names a DTrace provider Linux has no counterpart of under that
 *     name (sysinfo, vminfo, sdt, mib, ...): what to use on Linux with
 *     sonde (dtrace_provs[]).
 *  3. A probe sonde has whose given fields are each within a small edit
 *     distance of D's: "did you mean ...?", the closest (at most three;
 *     when more are as close, none stands out and nothing is said).
 *
 * The candidates of 3 are the probes the module lists (every probe made
 * so far: the stable providers, tracepoints, USDT of the traced
 * processes, fbt functions already offered) and, when D could name an
 * fbt probe, the functions of tracefs's available_filter_functions.
 * Never prints; consumer's thread only.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev_impl.h"

/* ---- 1. bpftrace probes --------------------------------------------- */

/*
 * A bpftrace probe type (and its short alias), how many fields follow
 * it, and its D form: a printf format of those fields, or NULL for a
 * form computed by bpf_form() below.
 */
struct bpf_form {
	const char *type, *alias;
	int nargs;
	const char *fmt;
};

static const struct bpf_form bpf_forms[] = {
	{ "kprobe", "k", 1, "fbt::%s:entry" },
	{ "kretprobe", "kr", 1, "fbt::%s:return" },
	{ "kfunc", NULL, 1, "fbt::%s:entry" },
	{ "kretfunc", NULL, 1, "fbt::%s:return" },
	{ "fentry", "f", 1, "fbt::%s:entry" },
	{ "fexit", "fr", 1, "fbt::%s:return" },
	{ "tracepoint", "t", 2, "tracepoint:%s::%s" },
	{ "rawtracepoint", "rt", 1, "tracepoint:::%s" },
	{ "uprobe", "u", 2, NULL },
	{ "uretprobe", "ur", 2, NULL },
	{ "usdt", "U", 2, NULL },
	{ "profile", "p", 2, NULL },
	{ "interval", "i", 2, NULL },
	{ "software", "s", 2, NULL },
	{ "hardware", "h", 2, NULL },
};

#define NBPF	(sizeof(bpf_forms) / sizeof(bpf_forms[0]))

/* "ab__cd" as D names a USDT probe: "ab-cd". */
static void dashes(char *out, size_t size, const char *in)
{
	size_t n = 0;

	for (; *in && n + 1 < size; in++) {
		if (in[0] == '_' && in[1] == '_') {
			out[n++] = '-';
			in++;
		} else {
			out[n++] = *in;
		}
	}
	out[n] = '\0';
}

/* profile:hz:99 -> "99", profile:ms:10 -> "10ms": a profile/tick rate. */
static int bpf_rate(char *out, size_t size, const char *unit,
		    const char *n)
{
	static const char *const units[] = { "hz", "s", "ms", "us", "ns" };
	size_t i;

	if (!*n || strspn(n, "0123456789") != strlen(n))
		return -1;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(unit, units[i])) {
			snprintf(out, size, "%s%s", n, i ? unit : "");
			return 0;
		}
	return -1;
}

/* cpc's name of a bpftrace software / hardware event, "" if none. */
static const char *bpf_cpc_event(const char *ev)
{
	static const char *const map[][2] = {
		{ "cpu-clock", "cpu_clock" }, { "cpu", "cpu_clock" },
		{ "task-clock", "task_clock" },
		{ "page-faults", "page_faults" }, { "faults", "page_faults" },
		{ "context-switches", "context_switches" },
		{ "cs", "context_switches" },
		{ "cpu-migrations", "cpu_migrations" },
		{ "minor-faults", "minor_faults" },
		{ "major-faults", "major_faults" },
		{ "alignment-faults", "alignment_faults" },
		{ "emulation-faults", "emulation_faults" },
		{ "cpu-cycles", "cycles" }, { "cycles", "cycles" },
		{ "instructions", "instructions" },
		{ "cache-references", "cache_references" },
		{ "cache-misses", "cache_misses" },
		{ "branch-instructions", "branch_instructions" },
		{ "branches", "branch_instructions" },
		{ "branch-misses", "branch_misses" },
		{ "bus-cycles", "bus_cycles" },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(ev, map[i][0]))
			return map[i][1];
	return "";
}

/*
 * The D form of bpftrace probe @f (type, then @nf fields).  0, or -1
 * when the fields do not make that probe.
 */
static int bpf_form(const struct bpf_form *b, char *const *f, int nf,
		    char *out, size_t size)
{
	char rate[64], name[SONDE_NAMELEN + 1];
	const char *base, *ev;

	if (nf != b->nargs && !(!strcmp(b->type, "usdt") && nf == 3) &&
	    !(nf == 1 && (!strcmp(b->type, "software") ||
			  !strcmp(b->type, "hardware"))))
		return -1;
	/* the syscalls events are ftrace's, not tracepoints: syscall:: */
	if (!strcmp(b->type, "tracepoint") && !strcmp(f[0], "syscalls") &&
	    (!strncmp(f[1], "sys_enter_", 10) ||
	     !strncmp(f[1], "sys_exit_", 9))) {
		bool entry = f[1][4] == 'e' && f[1][5] == 'n';

		snprintf(out, size, "syscall::%s:%s", f[1] + (entry ? 10 : 9),
			 entry ? "entry" : "return");
		return 0;
	}
	if (b->fmt) {
		snprintf(out, size, b->fmt, f[0], f[1]);
		return 0;
	}
	if (!strcmp(b->type, "uprobe") || !strcmp(b->type, "uretprobe")) {
		base = strrchr(f[0], '/');
		base = base ? base + 1 : f[0];
		snprintf(out, size, "pid$target:%s:%s:%s (with -c CMD or -p PID)",
			 base, f[1], b->type[1] == 'r' ? "return" : "entry");
		return 0;
	}
	if (!strcmp(b->type, "usdt")) {
		/* usdt:PATH:PROBE or usdt:PATH:PROVIDER:PROBE */
		dashes(name, sizeof(name), f[nf - 1]);
		if (nf == 3)
			snprintf(out, size, "%s:%s::%s, or %s$target:::%s with -c CMD or -p PID",
				 f[1], f[0], name, f[1], name);
		else
			snprintf(out, size, "PROVIDER:%s::%s (readelf -n %s names the providers)",
				 f[0], name, f[0]);
		return 0;
	}
	if (!strcmp(b->type, "profile") || !strcmp(b->type, "interval")) {
		if (bpf_rate(rate, sizeof(rate), f[0], f[1]))
			return -1;
		snprintf(out, size, "%s-%s", b->type[0] == 'p' ? "profile" :
			 "tick", rate);
		return 0;
	}
	/* software:EVENT[:COUNT], hardware:EVENT[:COUNT] */
	ev = bpf_cpc_event(f[0]);
	if (!*ev)
		return -1;
	/* without a count bpftrace picks one per event: sonde wants it */
	snprintf(out, size, "cpc:::%s-all-%s", ev, nf == 2 ? f[1] : "COUNT");
	return 0;
}

/*
 * bpftrace's built-in variables and functions that D names otherwise (a
 * name that is the same in both, pid or printf, is not here).
 */
static const struct {
	const char *bpf, *d;
} bpf_builtins[] = {
	{ "comm", "execname" },
	{ "nsecs", "timestamp" },
	{ "func", "probefunc" },
	{ "probe", "probeprov, probemod, probefunc and probename" },
	{ "retval", "arg1 in an fbt return probe, arg0 in a syscall return probe" },
	{ "curtask", "curthread" },
	{ "kstack", "stack()" },
	{ "str", "copyinstr() for a user address, stringof() for a kernel one" },
	{ "hist", "quantize()" },
	{ "lhist", "lquantize()" },
	{ "ksym", "func() or sym()" },
	{ "usym", "ufunc() or usym()" },
	{ "kaddr", "&`symbol" },
	{ "reg", "uregs[]" },
	{ "signal", "raise()" },
	{ "print", "printa() for an aggregation, trace() or print() for a value" },
	{ "time", "printf() of walltimestamp with %Y" },
	{ "ntop", "inet_ntop()" },
};

const char *sonde_bpftrace_builtin(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(bpf_builtins) / sizeof(bpf_builtins[0]); i++)
		if (!strcmp(name, bpf_builtins[i].bpf))
			return bpf_builtins[i].d;
	return NULL;
}

/*
 * Is @d a bpftrace probe?  Its given fields, from the first non-empty
 * one (D right-aligns: "kprobe:f" is ::kprobe:f), start with a bpftrace
 * probe type.
 */
int sonde_pdesc_bpftrace(const struct sonde_probe_desc *d, char *buf,
			 size_t size)
{
	char f[4][SONDE_FUNCNAMELEN + 1], *v[4], form[512], orig[256];
	const char *src[4] = { d->provider, d->module, d->function, d->name };
	int i, first = 0, nf;
	size_t k, len = 0;

	while (first < 4 && !src[first][0])
		first++;
	if (first >= 3)
		return -ENOENT;		/* one field: a name such as BEGIN */
	nf = 0;
	for (i = first; i < 4; i++) {
		snprintf(f[nf], sizeof(f[nf]), "%s", src[i]);
		v[nf] = f[nf];
		nf++;
		len += snprintf(orig + len, sizeof(orig) - len, "%s%s",
				i > first ? ":" : "", src[i]);
		if (len >= sizeof(orig))
			return -ENOENT;
	}
	for (k = 0; k < NBPF; k++) {
		const struct bpf_form *b = &bpf_forms[k];

		if (strcmp(v[0], b->type) &&
		    !(b->alias && !strcmp(v[0], b->alias)))
			continue;
		if (bpf_form(b, v + 1, nf - 1, form, sizeof(form)))
			return -ENOENT;
		snprintf(buf, size, "%s is bpftrace's syntax; in D it is %s",
			 orig, form);
		return 0;
	}
	return -ENOENT;
}

/* ---- 2. DTrace providers Linux has no counterpart of by name -------- */

/*
 * A Solaris DTrace provider, a glob of its probe names, and what to do
 * on Linux with sonde (a sentence after a colon).  The probes named
 * here were listed by sonde -l in the test guest (Debian 6.12), but for
 * the vmscan, kmem and x86_fpu events (in tracefs's available_events
 * and the 6.1 and 6.12 trace headers) and nfsd's functions (the nfsd
 * module was not loaded).  A provider's rows are tried in order; its last
 * row ("*") says what the provider as a whole maps to.
 */
static const struct {
	const char *prov, *name, *use;
} dtrace_provs[] = {
	{ "sysinfo", "readch", "use syscall::read*:return (arg0: the bytes read), or fbt::vfs_read:entry (arg2: the count asked)" },
	{ "sysinfo", "writech", "use syscall::write*:return (arg0: the bytes written), or fbt::vfs_write:entry (arg2: the count)" },
	{ "sysinfo", "sysread", "use syscall::read:entry" },
	{ "sysinfo", "syswrite", "use syscall::write:entry" },
	{ "sysinfo", "sysexec", "use proc:::exec-success" },
	{ "sysinfo", "sysfork", "use proc:::create" },
	{ "sysinfo", "sysvfork", "use proc:::create" },
	{ "sysinfo", "pswitch", "use sched:::on-cpu" },
	{ "sysinfo", "inv_swtch", "use sched:::preempt" },
	{ "sysinfo", "intr", "use tracepoint:irq::irq_handler_entry" },
	{ "sysinfo", "syscall", "use syscall:::entry" },
	{ "sysinfo", "*", "use the syscall, sched, proc and profile providers, or the kernel's tracepoints (sonde -l -P tracepoint)" },
	{ "vminfo", "as_fault", "use fbt::handle_mm_fault:entry, or tracepoint:exceptions::page_fault_user" },
	{ "vminfo", "maj_fault", "use cpc:::major_faults-all-1" },
	{ "vminfo", "*", "use fbt::handle_mm_fault:entry, tracepoint:exceptions::page_fault_user, cpc:::minor_faults-all-1 and cpc:::major_faults-all-1 for faults; tracepoint:vmscan::mm_vmscan_direct_reclaim_begin for reclaim, tracepoint:kmem::mm_page_alloc for allocation" },
	{ "sdt", "interrupt-start", "use tracepoint:irq::irq_handler_entry" },
	{ "sdt", "interrupt-complete", "use tracepoint:irq::irq_handler_exit" },
	{ "sdt", "*", "use the kernel's tracepoints, Linux's static probes (sonde -l -P tracepoint)" },
	{ "mib", "*", "use the tcp, sock, net and skb tracepoints (tracepoint:tcp::tcp_retransmit_skb, tracepoint:skb::kfree_skb); the counters themselves are in /proc/net/snmp and /proc/net/netstat" },
	{ "fpuinfo", "*", "there is nothing to trace: Linux emulates no floating-point instructions (the x86_fpu events, tracepoint:x86_fpu::x86_fpu_before_save and others, trace the FPU state's saving and loading)" },
	{ "plockstat", "*", "use the pid provider on the pthread functions: pid$target:libc.so.6:pthread_mutex_lock:entry and :return" },
	{ "fsinfo", "*", "use fbt::vfs_read:entry, fbt::vfs_write:entry, fbt::vfs_open:entry and the other vfs_* functions" },
	{ "nfsv3", "*", "use the nfsd module's functions (fbt:nfsd::), with the module loaded" },
	{ "nfsv4", "*", "use the nfsd module's functions (fbt:nfsd::), with the module loaded" },
};

static int hint_dtrace_prov(const struct sonde_probe_desc *d, char *buf,
			    size_t size)
{
	size_t i;

	for (i = 0; i < sizeof(dtrace_provs) / sizeof(dtrace_provs[0]); i++) {
		if (strcmp(d->provider, dtrace_provs[i].prov) ||
		    fnmatch(dtrace_provs[i].name, d->name, 0))
			continue;
		if (strcmp(dtrace_provs[i].name, "*"))
			snprintf(buf, size, "%s is a Solaris DTrace provider that Linux does not have: for %s:::%s, %s",
				 d->provider, d->provider, d->name,
				 dtrace_provs[i].use);
		else
			snprintf(buf, size, "%s is a Solaris DTrace provider that Linux does not have: %s",
				 d->provider, dtrace_provs[i].use);
		return 0;
	}
	return -ENOENT;
}

/* ---- 3. did you mean ------------------------------------------------ */

#define HINT_MAX	3	/* suggestions at most */
#define HINT_NAMELEN	SONDE_FUNCNAMELEN

/*
 * Optimal string alignment distance (Levenshtein with adjacent
 * transpositions: "opne" is 1 from "open"), or a number above @max as
 * soon as the distance must exceed it.
 */
static int osa(const char *a, const char *b, int max)
{
	int la = strlen(a), lb = strlen(b), i, j, best, c;
	int d[3][HINT_NAMELEN + 2];	/* rows i-2, i-1, i */

	if (la > HINT_NAMELEN || lb > HINT_NAMELEN || abs(la - lb) > max)
		return max + 1;
	/* row i is d[i % 3]: the rows i-1 and i-2 are the other two */
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++) {
		int *r = d[i % 3], *p = d[(i + 2) % 3], *p2 = d[(i + 1) % 3];

		r[0] = i;
		best = r[0];
		for (j = 1; j <= lb; j++) {
			c = p[j - 1] + (a[i - 1] != b[j - 1]);
			if (p[j] + 1 < c)
				c = p[j] + 1;
			if (r[j - 1] + 1 < c)
				c = r[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && p2[j - 2] + 1 < c)
				c = p2[j - 2] + 1;
			r[j] = c;
			if (c < best)
				best = c;
		}
		if (best > max)
			return max + 1;
	}
	return d[la % 3][lb];
}

/* How far a name of @len characters may be from a suggestion. */
static int hint_slack(size_t len)
{
	return len < 4 ? 0 : len < 9 ? 1 : len < 14 ? 2 : 3;
}

static bool hint_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

struct hint_best {
	char v[HINT_MAX][SONDE_PROVNAMELEN + SONDE_MODNAMELEN +
			 SONDE_FUNCNAMELEN + SONDE_NAMELEN + 4];
	int n, dist;
	int ties;	/* distinct suggestions at @dist, kept or not */
};

/*
 * Is candidate @c close to @d?  Each field @d gives (not empty) must be
 * within its slack of @c's, a glob must match it; the suggestion keeps
 * @d's empty and glob fields and takes @c's for the others.
 */
static void hint_consider(const struct sonde_probe_desc *d,
			  const struct sonde_probe_desc *c,
			  struct hint_best *best)
{
	const char *df[4] = { d->provider, d->module, d->function, d->name };
	const char *cf[4] = { c->provider, c->module, c->function, c->name };
	const char *sf[4];
	char s[sizeof(best->v[0])];
	int i, dist = 0, one, slack;

	for (i = 0; i < 4; i++) {
		sf[i] = df[i];
		if (!df[i][0])
			continue;
		if (hint_glob(df[i])) {
			if (fnmatch(df[i], cf[i], 0))
				return;
			continue;
		}
		slack = hint_slack(strlen(df[i]));
		one = osa(df[i], cf[i], slack);
		if (one > slack)
			return;
		dist += one;
		sf[i] = cf[i];
	}
	if (dist == 0 || (best->n && dist > best->dist))
		return;
	snprintf(s, sizeof(s), "%s:%s:%s:%s", sf[0], sf[1], sf[2], sf[3]);
	if (best->n && dist < best->dist)
		best->n = best->ties = 0;
	best->dist = dist;
	for (i = 0; i < best->n; i++)
		if (!strcmp(best->v[i], s))
			return;
	best->ties++;
	if (best->n < HINT_MAX) {
		memcpy(best->v[best->n++], s, sizeof(s));
		return;
	}
	/* keep the first HINT_MAX in name order: the same answer each run */
	for (i = 0; i < best->n; i++)
		if (strcmp(s, best->v[i]) < 0) {
			memmove(best->v[i + 1], best->v[i],
				(best->n - 1 - i) * sizeof(best->v[0]));
			memcpy(best->v[i], s, sizeof(s));
			return;
		}
}

static int hint_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

static int hint_close(const struct sonde_probe_desc *d,
		      const struct sonde_probe_desc *cands, uint32_t n,
		      struct hint_best *best, char *buf, size_t size)
{
	size_t len;
	uint32_t i;
	int k;

	for (i = 0; i < n; i++)
		hint_consider(d, &cands[i], best);
	/* more equally close than we would show: no name stands out */
	if (!best->n || best->ties > HINT_MAX)
		return -ENOENT;
	qsort(best->v, best->n, sizeof(best->v[0]), hint_cmp);
	len = snprintf(buf, size, "did you mean ");
	for (k = 0; k < best->n && len < size; k++)
		len += snprintf(buf + len, size - len, "%s%s",
				!k ? "" : k == best->n - 1 ? " or " : ", ",
				best->v[k]);
	if (len < size)
		snprintf(buf + len, size - len, "?");
	return 0;
}

int sonde_pdesc_hint_from(const struct sonde_probe_desc *d,
			  const struct sonde_probe_desc *cands, uint32_t n,
			  char *buf, size_t size)
{
	struct hint_best *best;
	int err;

	if (!size)
		return -EINVAL;
	buf[0] = '\0';
	if (!sonde_pdesc_bpftrace(d, buf, size) || !hint_dtrace_prov(d, buf, size))
		return 0;
	best = calloc(1, sizeof(*best));
	if (!best)
		return -ENOMEM;
	err = hint_close(d, cands, n, best, buf, size);
	free(best);
	return err;
}

/* ---- the candidates ---------------------------------------------------- */

static bool hint_fbt_may(const struct sonde_probe_desc *d)
{
	return d->function[0] && !hint_glob(d->function) &&
	       (!d->provider[0] || !fnmatch(d->provider, "fbt", 0)) &&
	       (!hint_glob(d->name) || !fnmatch(d->name, "entry", 0) ||
		!fnmatch(d->name, "return", 0));
}

/*
 * fbt candidates from available_filter_functions ("name [module]" a
 * line), only those within the slack of @d's function: the file has
 * tens of thousands.
 */
static int hint_fbt_cands(const struct sonde_probe_desc *d,
			  struct sonde_probe_desc **v, uint32_t *n,
			  uint32_t *cap)
{
	static const char *const files[] = {
		"/sys/kernel/tracing/available_filter_functions",
		"/sys/kernel/debug/tracing/available_filter_functions",
	};
	char line[512], fn[SONDE_FUNCNAMELEN], mod[SONDE_MODNAMELEN];
	int slack = hint_slack(strlen(d->function)), r;
	struct sonde_probe_desc *t;
	FILE *f = NULL;
	size_t i;

	for (i = 0; i < 2 && !f; i++)
		f = fopen(files[i], "re");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		mod[0] = '\0';
		if (sscanf(line, "%127s [%63[^]]]", fn, mod) < 1)
			continue;
		if (osa(d->function, fn, slack) > slack)
			continue;
		for (r = 0; r < 2; r++) {
			if (*n == *cap) {
				*cap = *cap * 2 + 64;
				t = realloc(*v, *cap * sizeof(**v));
				if (!t) {
					fclose(f);
					return -ENOMEM;
				}
				*v = t;
			}
			t = &(*v)[(*n)++];
			memset(t, 0, sizeof(*t));
			snprintf(t->provider, sizeof(t->provider), "fbt");
			snprintf(t->module, sizeof(t->module), "%s",
				 mod[0] ? mod : "vmlinux");
			snprintf(t->function, sizeof(t->function), "%s", fn);
			snprintf(t->name, sizeof(t->name), "%s",
				 r ? "return" : "entry");
		}
	}
	fclose(f);
	return 0;
}

/* The kernel's providers, whose names end in no pid (uprov.c's list). */
static bool hint_kernel_prov(const char *p)
{
	static const char *const kprov[] = {
		"dtrace", "syscall", "profile", "fbt", "tracepoint", "sched",
		"proc", "io", "lockstat", "cpc", "pid",
	};
	size_t i;

	for (i = 0; i < sizeof(kprov) / sizeof(kprov[0]); i++)
		if (!strcmp(p, kprov[i]))
			return true;
	return false;
}

/*
 * "python1234:::..." when process 1234 has no USDT provider "python":
 * say so, and name the providers it has.
 */
static int hint_usdt(const struct sonde_probe_desc *d, char *buf,
		     size_t size)
{
	char prov[SONDE_PROVNAMELEN + 1], comm[64] = "", fn[64];
	char have[512], list[512], *t, *save;
	size_t n, k;
	pid_t pid;
	FILE *f;

	snprintf(prov, sizeof(prov), "%s", d->provider);
	n = strlen(prov);
	k = n;
	while (k > 0 && prov[k - 1] >= '0' && prov[k - 1] <= '9')
		k--;
	if (k == 0 || k == n || hint_glob(prov))
		return -ENOENT;
	pid = (pid_t)strtol(prov + k, NULL, 10);
	prov[k] = '\0';
	if (pid <= 0 || hint_kernel_prov(prov) ||
	    sonde_uprobe_providers(pid, have, sizeof(have)))
		return -ENOENT;
	snprintf(list, sizeof(list), "%s", have);
	for (t = strtok_r(list, ", ", &save); t; t = strtok_r(NULL, ", ", &save))
		if (!strcmp(t, prov))
			return -ENOENT;	/* it has the provider: not the probe */
	snprintf(fn, sizeof(fn), "/proc/%d/comm", (int)pid);
	f = fopen(fn, "re");
	if (f) {
		if (fgets(comm, sizeof(comm), f))
			comm[strcspn(comm, "\n")] = '\0';
		fclose(f);
	}
	if (have[0])
		snprintf(buf, size, "process %d (%s) has no USDT provider %s; its providers: %s",
			 (int)pid, comm, prov, have);
	else
		snprintf(buf, size, "process %d (%s) has no USDT provider %s, nor any USDT probe",
			 (int)pid, comm, prov);
	return 0;
}

int sonde_pdesc_hint(struct sonde_dev *dev, const struct sonde_probe_desc *d,
		     char *buf, size_t size)
{
	struct sonde_probe_info *all = NULL;
	struct sonde_probe_desc *v = NULL, any;
	uint32_t n = 0, cap, i;
	int err;

	if (!size)
		return -EINVAL;
	if (!hint_usdt(d, buf, size))
		return 0;

	memset(&any, 0, sizeof(any));
	if (!dev || sonde_dev_probes(dev, &any, &all, &n))
		n = 0;
	cap = n + 64;
	v = malloc(cap * sizeof(*v));
	if (!v) {
		free(all);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		v[i] = all[i].desc;
	free(all);
	err = hint_fbt_may(d) ? hint_fbt_cands(d, &v, &n, &cap) : 0;
	if (!err)
		err = sonde_pdesc_hint_from(d, v, n, buf, size);
	free(v);
	return err;
}
