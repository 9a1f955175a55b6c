// SPDX-License-Identifier: GPL-2.0
/*
 * vm_test.c - runs the VM test corpus (userland/tests/vm/ files ending .t) through the
 * userland build of vm/: assemble, verify, run, compare.  A .t file has
 * sections:
 *
 *   -- opts      kernel options, "name=value" per line (strsize=16)
 *   -- aggs      one aggregation per line: "fn [p0 p1 ...] [incr]
 *                [keys=int,str]" (lquantize 0 100 10 keys=int)
 *   -- vars      one variable per line, v0 first: "global|local|tls
 *                int|str|buf|bytes=N [keys=int,str]"
 *   -- mem       hex bytes readable at address 0x1000 (kernel loads) and
 *                0x2000 (user loads); every other address faults
 *   -- args      arg0 .. arg9 values
 *   -- recsize   bytes of record the actions may emit
 *   -- pred      predicate program (optional)
 *   -- asm       actions program
 *   -- result    expected ret value of the actions (or of the predicate
 *                when there is no -- asm)
 *   -- record    expected record bytes, hex
 *   -- agg       expected aggregation table, one "@id key... = v..." line
 *                per entry in insertion order
 *   -- fault     expected fault: "<fault name> at <pc> [addr <a>]"
 *   -- error     expected verifier rejection: "<ERRNO> <log substring>"
 *   -- exit      expected exit() status
 *   -- lockdown  "confidentiality": verified as under that kernel
 *                lockdown (SONDE_VERIFY_CONFIDENTIAL); with --kernel,
 *                run only when the kernel is locked down so
 *
 * Output is KTAP ("ok N - file"); the exit status is non-zero on any
 * failure.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm_asm.h"
#include "vm_impl.h"
#include "vm_env.h"
#include "program.h"

#define MAX_INSNS	4096

/*
 * --kernel: run each case in the kernel module instead (LOAD, TESTRUN,
 * DRAIN, AGGSNAP on /dev/sonde), so the userland VM and the module's are
 * held to the same expectations.
 */
static int kfd = -1;
static u32 begin_id;
/* --kernel on a kernel locked down for confidentiality: userland verifies
 * as the kernel does, and cases it refuses there are skipped */
static bool klocked;

/* Is the running kernel locked down for confidentiality? */
static bool kernel_confidential(void)
{
	char buf[128] = "";
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");

	if (!f)
		return false;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	return strstr(buf, "[confidentiality]") != NULL;
}

/* Is the running kernel locked down at all (integrity or
 * confidentiality)?  Then copyout() and copyoutstr() are refused
 * (LOCKDOWN_BPF_WRITE_USER). */
static bool kwlocked;

static bool kernel_locked_down(void)
{
	char buf[128] = "";
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");

	if (!f)
		return false;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	return strstr(buf, "[integrity]") || strstr(buf, "[confidentiality]");
}

/* Opcodes that ran in some accepted case: every one must. */
static bool op_seen[SONDE_OP_MAX + 1];
static u32 n_fused;	/* predicate cases the kernel would fuse */
static u32 n_fastact;	/* actions cases the kernel would fuse */

/* One test file, parsed. */
struct tcase {
	char *sect[16];
	const char *names[16];
	int nsect;
};

static const char *tc_get(struct tcase *tc, const char *name)
{
	int i;

	for (i = 0; i < tc->nsect; i++)
		if (!strcmp(tc->names[i], name))
			return tc->sect[i];
	return NULL;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = calloc(1, n + 1);
	if (buf && fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static void trim(char *s)
{
	size_t n = strlen(s);

	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = 0;
}

/* Split @text into "-- name" sections (copies; tc_free() frees them). */
static int tc_parse(struct tcase *tc, const char *text)
{
	const char *line = text;

	tc->nsect = 0;
	while (line && *line) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) + 1 : strlen(line);

		if (!strncmp(line, "-- ", 3)) {
			if (tc->nsect == 16)
				return -1;
			tc->names[tc->nsect] = strndup(line + 3, n - 3);
			trim((char *)tc->names[tc->nsect]);
			tc->sect[tc->nsect++] = calloc(1, 1);
		} else if (tc->nsect) {
			char **sp = &tc->sect[tc->nsect - 1];
			size_t old = strlen(*sp);

			*sp = realloc(*sp, old + n + 1);
			memcpy(*sp + old, line, n);
			(*sp)[old + n] = 0;
		}
		line = nl ? nl + 1 : NULL;
	}
	return 0;
}

static void tc_free(struct tcase *tc)
{
	int i;

	for (i = 0; i < tc->nsect; i++) {
		free(tc->sect[i]);
		free((char *)tc->names[i]);
	}
	tc->nsect = 0;
}

static int errno_by_name(const char *name)
{
	static const struct { const char *n; int e; } tab[] = {
		{ "EINVAL", EINVAL }, { "E2BIG", E2BIG }, { "EACCES", EACCES },
		{ "ENOSPC", ENOSPC }, { "EFAULT", EFAULT },
		{ "EPERM", EPERM },
	};
	size_t i;

	for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (!strcmp(tab[i].n, name))
			return tab[i].e;
	return 0;
}

struct tprog {
	struct sonde_program p;
	struct sonde_pclause clause;
	struct sonde_insn insns[MAX_INSNS];
	uint64_t consts[256];
	char strtab[4096];
	struct sonde_pagg aggs[16];
	struct sonde_dtype keys[16][SONDE_MAX_AGG_KEYS];
	struct sonde_pvar vars[16];
	struct sonde_dtype vkeys[16][SONDE_MAX_AGG_KEYS];
};

static int parse_vars(struct tprog *tp, const char *src, char *err,
		      size_t errsz)
{
	char *copy = strdup(src), *line, *save = NULL;

	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct sonde_pvar *pv = &tp->vars[tp->p.nvars];
		char *tok, *s2 = NULL;

		tok = strtok_r(line, " \t", &s2);
		if (!tok)
			continue;
		memset(pv, 0, sizeof(*pv));
		pv->keys = tp->vkeys[tp->p.nvars];
		if (!strcmp(tok, "global"))
			pv->desc.scope = SONDE_VAR_GLOBAL;
		else if (!strcmp(tok, "local"))
			pv->desc.scope = SONDE_VAR_LOCAL;
		else if (!strcmp(tok, "tls"))
			pv->desc.scope = SONDE_VAR_TLS;
		else
			pv->desc.scope = (u32)strtoul(tok, NULL, 0);
		tok = strtok_r(NULL, " \t", &s2);
		pv->desc.type = tok && !strcmp(tok, "str") ? SONDE_T_STR :
				tok && !strcmp(tok, "buf") ? SONDE_T_BUF :
				tok && !strncmp(tok, "bytes=", 6) ?
				SONDE_TYPE_BYTES((u32)strtoul(tok + 6, NULL, 0)) :
				SONDE_T_INT;
		while ((tok = strtok_r(NULL, " \t", &s2))) {
			char *k, *s3 = NULL;

			if (strncmp(tok, "keys=", 5)) {
				snprintf(err, errsz, "bad variable '%s'", tok);
				free(copy);
				return -1;
			}
			for (k = strtok_r(tok + 5, ",", &s3); k;
			     k = strtok_r(NULL, ",", &s3))
				pv->keys[pv->desc.nkeys++] =
					!strncmp(k, "bytes:", 6) ?
					(struct sonde_dtype){ SONDE_DT_BYTES,
						(u32)atoi(k + 6) } :
					(struct sonde_dtype){ !strcmp(k, "str") ?
						SONDE_DT_STR : SONDE_DT_INT,
						0 };
		}
		tp->p.nvars++;
	}
	free(copy);
	return 0;
}

static int assemble(struct tprog *tp, struct sonde_asm *a, const char *src,
		    u32 *len, char *err, size_t errsz)
{
	char line[256];
	const char *s = src;

	*len = 0;
	while (s && *s) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		int r;

		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, s, n);
		line[n] = 0;
		s = e ? e + 1 : NULL;
		if (tp->p.ninsns == MAX_INSNS) {
			snprintf(err, errsz, "program too long for the test");
			return -1;
		}
		r = sonde_asm_line(a, line, &tp->insns[tp->p.ninsns], err,
				   errsz);
		if (r < 0)
			return -1;
		if (r == 0) {
			tp->p.ninsns++;
			(*len)++;
		}
	}
	return 0;
}

static int parse_aggs(struct tprog *tp, const char *src, char *err,
		      size_t errsz)
{
	char buf[256], *line, *save = NULL, *copy = strdup(src);

	for (line = strtok_r(copy, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct sonde_pagg *pa = &tp->aggs[tp->p.naggs];
		char *tok, *s2 = NULL;
		int np = 0;
		u32 fn;

		snprintf(buf, sizeof(buf), "%s", line);
		tok = strtok_r(buf, " \t", &s2);
		if (!tok)
			continue;
		for (fn = 1; fn <= SONDE_AGG_MAXFN; fn++)
			if (!strcmp(sonde_aggfn_name(fn), tok))
				break;
		if (fn > SONDE_AGG_MAXFN) {
			snprintf(err, errsz, "unknown aggregation %s", tok);
			free(copy);
			return -1;
		}
		memset(pa, 0, sizeof(*pa));
		pa->desc.fn = fn;
		pa->keys = tp->keys[tp->p.naggs];
		while ((tok = strtok_r(NULL, " \t", &s2))) {
			if (!strcmp(tok, "incr")) {
				pa->desc.flags |= SONDE_AGGF_INCR;
			} else if (!strncmp(tok, "keys=", 5)) {
				char *k, *s3 = NULL;

				for (k = strtok_r(tok + 5, ",", &s3); k;
				     k = strtok_r(NULL, ",", &s3)) {
					struct sonde_dtype *dt =
						&pa->keys[pa->desc.nkeys++];

					if (!strcmp(k, "str"))
						dt->kind = SONDE_DT_STR;
					else if (!strncmp(k, "kstack:", 7))
						*dt = (struct sonde_dtype){
							SONDE_DT_KSTACK,
							8 * atoi(k + 7) };
					else if (!strncmp(k, "bytes:", 6))
						*dt = (struct sonde_dtype){
							SONDE_DT_BYTES,
							(u32)atoi(k + 6) };
					else if (!strncmp(k, "ustack:", 7))
						*dt = (struct sonde_dtype){
							SONDE_DT_USTACK,
							8 * atoi(k + 7) };
					else if (!strncmp(k, "jstack:", 7))
						/* jstack:FRAMES:STRSIZE */
						*dt = (struct sonde_dtype){
							.kind = SONDE_DT_JKIND(atoi(k + 7)),
							.size = SONDE_JSTACK_SIZE(
								atoi(k + 7),
								atoi(strchr(k + 7, ':') ?
								     strchr(k + 7, ':') + 1 :
								     "8")) };
					else
						dt->kind = SONDE_DT_INT;
				}
			} else if (np < 4) {
				pa->desc.params[np++] = strtoll(tok, NULL, 0);
			}
		}
		tp->p.naggs++;
	}
	free(copy);
	return 0;
}

static void hex_append(char *out, size_t sz, const u8 *b, u32 n)
{
	size_t used = strlen(out);
	u32 i;

	for (i = 0; i < n && used + 3 < sz; i++)
		used += snprintf(out + used, sz - used, "%s%02x",
				 i ? " " : "", b[i]);
}

/* Canonical dump of the aggregation table. */
static void agg_dump(struct tenv *t, const struct sonde_image *img,
		     char *out, size_t sz)
{
	u32 i, k, off, j, n;

	out[0] = 0;
	for (i = 0; i < t->nents; i++) {
		struct agg_ent *e = &t->ents[i];
		const struct sonde_agg_desc *ad = &img->aggs[e->aggid];
		size_t used = strlen(out);

		used += snprintf(out + used, sz - used, "@%u", e->aggid);
		for (k = 0, off = 0; k < ad->nkeys; k++) {
			u32 kt = img->keys[ad->keys_off + k];

			if (SONDE_KEY_KIND(kt) == SONDE_T_KSTACK ||
			    SONDE_KEY_KIND(kt) == SONDE_T_USTACK) {
				u32 f;

				used += snprintf(out + used, sz - used, " [");
				for (f = 0; f < SONDE_KEY_FRAMES(kt); f++) {
					u64 pcv;

					memcpy(&pcv, e->key + off, 8);
					off += 8;
					used += snprintf(out + used, sz - used,
							 "%s%" PRIx64,
							 f ? " " : "",
							 (uint64_t)pcv);
				}
				used += snprintf(out + used, sz - used, "]");
			} else if (SONDE_KEY_KIND(kt) == SONDE_T_STR) {
				used += snprintf(out + used, sz - used,
						 " \"%s\"",
						 (char *)e->key + off);
				off += img->strsize;
			} else if (SONDE_KEY_KIND(kt) == SONDE_T_BYTES) {
				used += snprintf(out + used, sz - used, " <");
				for (j = 0; j < SONDE_TYPE_SIZE(kt); j++)
					used += snprintf(out + used, sz - used,
							 "%02x",
							 e->key[off + j]);
				used += snprintf(out + used, sz - used, ">");
				off += SONDE_TYPE_SIZE(kt);
			} else {
				s64 v;

				memcpy(&v, e->key + off, 8);
				used += snprintf(out + used, sz - used,
						 " %" PRId64, (int64_t)v);
				off += 8;
			}
		}
		used += snprintf(out + used, sz - used, " =");
		n = sonde_agg_val_size(ad) / 8;
		for (j = 0; j < n; j++) {
			/* histograms: only the non-zero buckets, as b:v */
			if (n > 4 && !e->val[j])
				continue;
			if (n > 4)
				used += snprintf(out + used, sz - used,
						 " %u:%" PRId64, j,
						 (int64_t)e->val[j]);
			else
				used += snprintf(out + used, sz - used,
						 " %" PRId64,
						 (int64_t)e->val[j]);
		}
		snprintf(out + used, sz - used, "\n");
	}
}

static void norm(char *s)
{
	/* collapse whitespace runs so expectations can be laid out freely */
	char *w = s, *r = s;
	bool sp = false;

	while (*r) {
		if (isspace((unsigned char)*r)) {
			sp = true;
		} else {
			if (sp && w != s)
				*w++ = ' ';
			sp = false;
			*w++ = *r;
		}
		r++;
	}
	*w = 0;
}

/* What one run did, from either VM. */
struct outcome {
	bool faulted;
	u32 fault, fault_pc;
	u64 fault_addr;
	u64 rv;
	u8 rec[SONDE_MAX_RECSIZE];
	bool exited;
	s64 exit_status;
};

static int kload(void *image, size_t isize, char *log, size_t logsz)
{
	struct sonde_load ld = { 0 };
	int fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	ld.prog = (u64)(unsigned long)image;
	ld.prog_size = (u32)isize;
	ld.log_level = 1;
	ld.log_buf = (u64)(unsigned long)log;
	ld.log_size = (u32)logsz;
	memset(log, 0, logsz);
	if (ioctl(fd, SONDE_IOC_LOAD, &ld)) {
		int e = -errno;

		close(fd);
		return e;
	}
	return fd;
}

/* Fire the loaded program's only enabling once and collect everything. */
static int krun(int fd, struct tenv *env, const struct sonde_image *img,
		struct outcome *o, bool pred_only, char *why, size_t whysz)
{
	static u8 buf[1 << 20];
	struct sonde_testrun tr = { .epid = 1 };
	struct sonde_drain d = { 0 };
	u64 off;

	tr.mem = env->memlen ? (u64)(unsigned long)env->mem : 0;
	tr.mem_size = env->memlen;
	memcpy(tr.args, env->args, sizeof(tr.args));
	if (ioctl(fd, SONDE_IOC_TESTRUN, &tr)) {
		snprintf(why, whysz, "TESTRUN: %s", strerror(errno));
		return -1;
	}
	o->faulted = tr.flags & SONDE_TESTRUN_FAULT;
	o->fault = tr.fault;
	o->fault_pc = tr.fault_pc;
	o->fault_addr = tr.fault_addr;
	o->rv = pred_only ? tr.pred : tr.result;
	o->exited = tr.flags & SONDE_TESTRUN_EXIT;
	o->exit_status = tr.exit_status;

	d.cpu = tr.cpu;
	d.buf = (u64)(unsigned long)buf;
	d.buf_size = sizeof(buf);
	if (ioctl(fd, SONDE_IOC_DRAIN, &d)) {
		snprintf(why, whysz, "DRAIN: %s", strerror(errno));
		return -1;
	}
	for (off = 0; off < d.size;) {
		struct sonde_rechdr *h = (void *)(buf + off);

		if (h->epid == 1)
			memcpy(o->rec, h + 1, h->size - sizeof(*h));
		off += h->size;
	}
	if (!img->naggs)
		return 0;
	memset(&d, 0, sizeof(d));
	d.cpu = tr.cpu;
	d.buf = (u64)(unsigned long)buf;
	d.buf_size = sizeof(buf);
	if (ioctl(fd, SONDE_IOC_AGGSNAP, &d)) {
		snprintf(why, whysz, "AGGSNAP: %s", strerror(errno));
		return -1;
	}
	env->nents = 0;
	for (off = 0; off < d.size && env->nents < MAX_AGGENT;) {
		struct sonde_aggrec *r = (void *)(buf + off);
		struct agg_ent *e = &env->ents[env->nents++];
		u32 ks = sonde_agg_key_size(img, r->aggid);

		e->aggid = r->aggid;
		e->ksize = ks;
		memcpy(e->key, r + 1, ks);
		memcpy(e->val, (u8 *)(r + 1) + ((ks + 7) & ~7u),
		       sonde_agg_val_size(&img->aggs[r->aggid]));
		off += r->size;
	}
	return 0;
}

static const char *skipsign(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/* One case of the corpus as it is checked, phase by phase. */
struct vcase {
	struct tcase tc;
	struct tprog *tp;
	struct tenv *env;
	struct sonde_image img;
	void *image;
	int kprog;		/* the module's program fd, or -1 */
	char log[1024];		/* the verifier's */
	char *why;		/* why the case failed */
	size_t whysz;
	/* the run */
	struct sonde_vm_ctx ctx;
	u8 *rec;
	u64 rv;
	int rerr;
};

/* -- opts: kernel options, name=value a line */
static void case_opts(struct vcase *vc, const char *s)
{
	char *c = strdup(s), *l, *sv = NULL;

	for (l = strtok_r(c, "\n", &sv); l; l = strtok_r(NULL, "\n", &sv)) {
		char *eq = strchr(l, '=');

		if (!eq)
			continue;
		*eq = 0;
#define KOPT_SET_(name, id, def, min, max)				\
		if (!strcmp(l, #name)) {				\
			vc->tp->p.kopts[id].set = true;			\
			vc->tp->p.kopts[id].value = strtoull(eq + 1, NULL, 0); \
		}
		SONDE_KOPTS(KOPT_SET_)
#undef KOPT_SET_
	}
	free(c);
}

/* The world of the case: options, aggregations, variables, memory,
 * arguments, record size.  0 or -1 (why said). */
static int case_world(struct vcase *vc)
{
	struct tprog *tp = vc->tp;
	struct tenv *env = vc->env;
	const char *s, *q;
	char *end;
	int i;

	if ((s = tc_get(&vc->tc, "opts")))
		case_opts(vc, s);
	if ((s = tc_get(&vc->tc, "aggs")) &&
	    parse_aggs(tp, s, vc->why, vc->whysz))
		return -1;
	tp->p.vars = tp->vars;
	if ((s = tc_get(&vc->tc, "vars")) &&
	    parse_vars(tp, s, vc->why, vc->whysz))
		return -1;
	if ((q = tc_get(&vc->tc, "mem"))) {
		while (env->memlen < sizeof(env->mem)) {
			unsigned long b = strtoul(q, &end, 16);

			if (end == q)
				break;
			env->mem[env->memlen++] = (u8)b;
			q = end;
		}
	}
	if ((q = tc_get(&vc->tc, "args"))) {
		for (i = 0; i < 10; i++) {
			env->args[i] = strtoull(q, &end, 0);
			if (end == q)
				break;
			q = end;
		}
	}
	if ((s = tc_get(&vc->tc, "recsize")))
		tp->clause.rec_size = (u32)strtoul(s, NULL, 0);
	return 0;
}

/* The predicate and the actions, assembled.  0 or -1 (why said). */
static int case_assemble(struct vcase *vc)
{
	static const struct sonde_insn r = { .op = SONDE_OP_RET };
	struct tprog *tp = vc->tp;
	struct sonde_asm a = { 0 };
	char err[256] = "";
	const char *s;
	u32 len;

	a.consts = (u64 *)tp->consts;
	a.max_consts = 256;
	a.strtab = tp->strtab;
	a.max_strtab = sizeof(tp->strtab);
	if ((s = tc_get(&vc->tc, "pred"))) {
		tp->clause.pred_off = tp->p.ninsns;
		if (assemble(tp, &a, s, &len, err, sizeof(err)))
			goto asmfail;
		tp->clause.pred_len = len;
	}
	tp->clause.act_off = tp->p.ninsns;
	if ((s = tc_get(&vc->tc, "asm"))) {
		if (assemble(tp, &a, s, &len, err, sizeof(err)))
			goto asmfail;
		tp->clause.act_len = len;
	} else {
		/* predicate-only case: a trivial action */
		tp->insns[tp->p.ninsns++] = r;
		tp->clause.act_len = 1;
	}
	tp->p.nconsts = a.nconsts;
	tp->p.strtab_len = a.strtab_len;
	return 0;
asmfail:
	snprintf(vc->why, vc->whysz, "assembler: %s", err);
	return -1;
}

/*
 * -- lockdown, and a kernel locked down for confidentiality: the flags
 * userland verifies with, or 2 (skip: the case is not for this kernel,
 * or the locked-down kernel refused it as it must) or -1 (failed).
 */
static int case_lockdown(struct vcase *vc, size_t isize, u32 *flags)
{
	const char *lockdown = tc_get(&vc->tc, "lockdown");
	struct sonde_image img;
	char klog[1024];
	int err;

	if (lockdown && strncmp(lockdown, "confidentiality", 15)) {
		snprintf(vc->why, vc->whysz, "unknown lockdown '%s'", lockdown);
		return -1;
	}
	if (lockdown && kfd >= 0 && !klocked) {
		snprintf(vc->why, vc->whysz, "the kernel is not locked down");
		return 2;
	}
	/* copyout(), copyoutstr(): the locked-down kernel must refuse */
	if (kwlocked &&
	    !sonde_image_verify_flags(vc->image, (u32)isize, &img, 0, NULL)) {
		u32 i;

		for (i = 0; i < img.ninsns; i++)
			if (img.insns[i].op == SONDE_OP_CALL &&
			    (img.insns[i].imm == SONDE_SUBR_copyout ||
			     img.insns[i].imm == SONDE_SUBR_copyoutstr))
				break;
		if (i < img.ninsns) {
			err = kload(vc->image, isize, klog, sizeof(klog));
			if (err != -EPERM) {
				snprintf(vc->why, vc->whysz,
					 "the locked-down kernel says %d to copyout(), not EPERM (%s)",
					 err, klog);
				if (err >= 0)
					close(err);
				return -1;
			}
			snprintf(vc->why, vc->whysz,
				 "refused under kernel lockdown: %s", klog);
			return 2;
		}
	}
	*flags = lockdown || klocked ? SONDE_VERIFY_CONFIDENTIAL : 0;
	if (!klocked || lockdown)
		return 0;
	/* a case for an open kernel that the locked-down one must refuse */
	err = sonde_image_verify_flags(vc->image, (u32)isize, &img, *flags,
				       NULL);
	if (err != -EPERM)
		return 0;
	err = kload(vc->image, isize, klog, sizeof(klog));
	if (err != -EPERM) {
		snprintf(vc->why, vc->whysz,
			 "the locked-down kernel says %d, not EPERM (%s)",
			 err, klog);
		if (err >= 0)
			close(err);
		return -1;
	}
	snprintf(vc->why, vc->whysz, "refused under kernel lockdown: %s",
		 klog);
	return 2;
}

/*
 * The image, verified by userland and, with the module, by the kernel,
 * whose verdict is the one under test; an -- error case ends here.
 * -1 failed, 0 passed, 1 go on and run it, 2 skipped.
 */
static int case_verify(struct vcase *vc)
{
	struct sonde_vlog vlog = { .buf = vc->log, .size = sizeof(vc->log) };
	struct tprog *tp = vc->tp;
	char want[128], klog[1024], *sub;
	size_t isize;
	const char *s;
	int verr, uerr, e;
	u32 flags = 0;

	if (kfd >= 0) {
		static struct sonde_ecb ecb;

		ecb.probe_id = begin_id;
		tp->p.ecbs = &ecb;
		tp->p.necbs = 1;
		/* small buffers: one firing, and DRAIN needs bufsize bytes */
		if (!tp->p.kopts[SONDE_OPT_bufsize].set)
			tp->p.kopts[SONDE_OPT_bufsize] =
				(struct sonde_kopt_set){ true, 65536 };
		if (!tp->p.kopts[SONDE_OPT_aggsize].set)
			tp->p.kopts[SONDE_OPT_aggsize] =
				(struct sonde_kopt_set){ true, 65536 };
	}
	if (sonde_program_image(&tp->p, &vc->image, &isize)) {
		snprintf(vc->why, vc->whysz, "image failed");
		return -1;
	}
	e = case_lockdown(vc, isize, &flags);
	if (e)
		return e;
	verr = sonde_image_verify_flags(vc->image, (u32)isize, &vc->img, flags,
					&vlog);
	if (kfd >= 0) {
		uerr = verr;
		vc->kprog = kload(vc->image, isize, klog, sizeof(klog));
		verr = vc->kprog < 0 ? vc->kprog : 0;
		if (verr != uerr) {
			snprintf(vc->why, vc->whysz,
				 "kernel and userland disagree: %d vs %d (%s)",
				 verr, uerr, klog);
			return -1;
		}
		memcpy(vc->log, klog, sizeof(vc->log));
	}
	if ((s = tc_get(&vc->tc, "error"))) {
		snprintf(want, sizeof(want), "%s", s);
		trim(want);
		sub = strchr(want, ' ');
		if (sub)
			*sub++ = 0;
		e = errno_by_name(want);
		if (verr != -e) {
			snprintf(vc->why, vc->whysz, "expected %s, got %d: %s",
				 want, verr, vc->log);
			return -1;
		}
		if (sub && !strstr(vc->log, sub)) {
			snprintf(vc->why, vc->whysz, "log '%s' lacks '%s'",
				 vc->log, sub);
			return -1;
		}
		return 0;
	}
	if (verr) {
		snprintf(vc->why, vc->whysz, "verifier: %s", vc->log);
		return -1;
	}
	return 1;
}

/* A predicate the kernel fuses must agree with the interpreter. */
static int case_fastpred(struct vcase *vc, const struct sonde_clause *c)
{
	struct sonde_fastpred fp;
	u32 f = 0;
	u64 v;

	sonde_fastpred_find(&vc->img, c->pred_off, c->pred_len, &fp);
	if (!fp.op)
		return 0;
	v = sonde_env_builtin(&vc->ctx, fp.builtin, &f);
	if (!f && sonde_fastpred_eval(&fp, v) != vc->rv) {
		snprintf(vc->why, vc->whysz,
			 "fused predicate gives 0x%" PRIx64
			 ", the interpreter 0x%" PRIx64,
			 (uint64_t)sonde_fastpred_eval(&fp, v),
			 (uint64_t)vc->rv);
		return -1;
	}
	n_fused++;
	return 0;
}

/*
 * An actions program the kernel fuses must aggregate exactly what the
 * interpreter did: run the fused form again on a fresh table, with every
 * register poisoned (it must zero the ones it reads), and compare.
 */
static int case_fastact(struct vcase *vc, const struct sonde_clause *c)
{
	static struct agg_ent want[MAX_AGGENT];
	struct tenv *t = vc->env;
	struct sonde_vm_ctx ctx = vc->ctx;
	struct sonde_fastact fa;
	u32 n = t->nents, i;
	int err, bad = 0;

	sonde_fastact_find(&vc->img, c->act_off, c->act_len, &fa);
	if (!fa.fused)
		return 0;
	memcpy(want, t->ents, n * sizeof(want[0]));
	t->nents = 0;
	memset(ctx.regs, 0xa5, sizeof(ctx.regs));
	ctx.scratch_used = vc->img.scratch_base;
	err = sonde_fastact_run(&ctx, &fa);
	if (err && !vc->rerr) {
		snprintf(vc->why, vc->whysz,
			 "fused actions fell back (%d) where the interpreter ran",
			 err);
		bad = 1;
	} else if (!err && vc->rerr) {
		snprintf(vc->why, vc->whysz,
			 "fused actions ran where the interpreter faulted");
		bad = 1;
	} else if (!err && t->nents != n) {
		snprintf(vc->why, vc->whysz,
			 "fused actions made %u entries, the interpreter %u",
			 t->nents, n);
		bad = 1;
	}
	for (i = 0; !bad && !err && i < n; i++) {
		const struct agg_ent *g = &t->ents[i], *w = &want[i];

		if (g->aggid != w->aggid || g->ksize != w->ksize ||
		    memcmp(g->key, w->key, w->ksize) ||
		    memcmp(g->val, w->val,
			   sonde_agg_val_size(&vc->img.aggs[w->aggid]))) {
			snprintf(vc->why, vc->whysz,
				 "fused actions' entry %u differs from the interpreter's",
				 i);
			bad = 1;
		}
	}
	memcpy(t->ents, want, n * sizeof(want[0]));
	t->nents = n;
	if (!bad && !err)
		n_fastact++;
	return bad ? -1 : 0;
}

/* Run it: in the module (TESTRUN) when there is one, else here. */
static int case_run(struct vcase *vc)
{
	static char scratch[65536];
	static u8 rec[SONDE_MAX_RECSIZE];
	static u8 globals[65536], locals[65536];
	static u32 var_off[16];
	static u64 stackbuf[255];
	static struct outcome o;
	const struct sonde_clause *c = &vc->img.clauses[0];
	struct sonde_vm_ctx *ctx = &vc->ctx;
	bool pred = c->pred_len && !tc_get(&vc->tc, "asm");

	if (sonde_vm_scratch_size(&vc->img) > sizeof(scratch)) {
		snprintf(vc->why, vc->whysz, "scratch too small for the test");
		return -1;
	}
	vc->env->img = &vc->img;
	memset(ctx, 0, sizeof(*ctx));
	ctx->img = &vc->img;
	ctx->env = vc->env;
	ctx->scratch = scratch;
	ctx->scratch_size = sonde_vm_scratch_size(&vc->img);
	ctx->scratch_used = vc->img.scratch_base;
	ctx->gen = 1;	/* the module's differs: results must not show it */
	memset(rec, 0, sizeof(rec));
	vc->rec = rec;
	ctx->rec = c->rec_size ? rec : NULL;
	ctx->rec_size = c->rec_size;
	memset(globals, 0, sizeof(globals));
	memset(locals, 0, sizeof(locals));
	sonde_vars_layout(&vc->img, var_off);
	ctx->globals = globals;
	ctx->locals = locals;
	ctx->stackbuf = stackbuf;
	ctx->var_off = var_off;
	if (kfd < 0) {
		vc->rerr = sonde_vm_run(ctx, pred ? c->pred_off : c->act_off,
					pred ? c->pred_len : c->act_len,
					&vc->rv);
		if (pred)
			return !vc->rerr ? case_fastpred(vc, c) : 0;
		return case_fastact(vc, c);
	}
	memset(&o, 0, sizeof(o));
	if (krun(vc->kprog, vc->env, &vc->img, &o, pred, vc->why, vc->whysz))
		return -1;
	vc->rerr = o.faulted ? -EFAULT : 0;
	ctx->fault = o.fault;
	ctx->fault_pc = o.fault_pc;
	ctx->fault_addr = o.fault_addr;
	vc->rv = o.rv;
	memcpy(rec, o.rec, c->rec_size);
	vc->env->exited = o.exited;
	vc->env->exit_status = o.exit_status;
	return 0;
}

/* -- fault and -- result against the run. */
static int case_check_run(struct vcase *vc)
{
	const struct sonde_vm_ctx *ctx = &vc->ctx;
	char got[256], want[256];
	const char *s;
	u64 w;

	if ((s = tc_get(&vc->tc, "fault"))) {
		snprintf(want, sizeof(want), "%s", s);
		norm(want);
		if (!vc->rerr) {
			snprintf(vc->why, vc->whysz, "expected fault '%s'", want);
			return -1;
		}
		snprintf(got, sizeof(got), "%s at %u addr 0x%" PRIx64,
			 sonde_fault_name(ctx->fault), ctx->fault_pc,
			 (uint64_t)ctx->fault_addr);
		if (strncmp(got, want, strlen(want))) {
			snprintf(vc->why, vc->whysz, "fault '%s', expected '%s'",
				 got, want);
			return -1;
		}
	} else if (vc->rerr) {
		snprintf(vc->why, vc->whysz, "unexpected fault %s at %u",
			 sonde_fault_name(ctx->fault), ctx->fault_pc);
		return -1;
	}
	if ((s = tc_get(&vc->tc, "result"))) {
		w = strtoull(s, NULL, 0);
		if (*skipsign(s) == '-')
			w = (u64)strtoll(s, NULL, 0);
		if (vc->rv != w) {
			snprintf(vc->why, vc->whysz,
				 "result 0x%" PRIx64 ", expected 0x%" PRIx64,
				 (uint64_t)vc->rv, (uint64_t)w);
			return -1;
		}
	}
	return 0;
}

/* -- record, -- agg and -- exit against what the run left. */
static int case_check_data(struct vcase *vc)
{
	static char got[4096], want[4096];
	const char *s;

	if ((s = tc_get(&vc->tc, "record"))) {
		snprintf(want, sizeof(want), "%s", s);
		norm(want);
		got[0] = 0;
		hex_append(got, sizeof(got), vc->rec,
			   (u32)(strlen(want) + 1) / 3);
		if (strcmp(got, want)) {
			snprintf(vc->why, vc->whysz, "record '%s', expected '%s'",
				 got, want);
			return -1;
		}
	}
	if ((s = tc_get(&vc->tc, "agg"))) {
		agg_dump(vc->env, &vc->img, got, sizeof(got));
		snprintf(want, sizeof(want), "%s", s);
		norm(want);
		norm(got);
		if (strcmp(got, want)) {
			snprintf(vc->why, vc->whysz, "agg '%s', expected '%s'",
				 got, want);
			return -1;
		}
	}
	if ((s = tc_get(&vc->tc, "exit")) &&
	    (!vc->env->exited ||
	     vc->env->exit_status != strtoll(s, NULL, 0))) {
		snprintf(vc->why, vc->whysz, "exit status mismatch");
		return -1;
	}
	return 0;
}

static int run_case(const char *path, char *why, size_t whysz)
{
	static struct tprog tp;
	static struct tenv env;
	static struct vcase vc;
	char *text = read_file(path);
	u32 i;
	int ret = -1;

	memset(&vc, 0, sizeof(vc));
	vc.tp = &tp;
	vc.env = &env;
	vc.kprog = -1;
	vc.why = why;
	vc.whysz = whysz;
	if (!text || tc_parse(&vc.tc, text)) {
		snprintf(why, whysz, "cannot read");
		goto out;
	}
	memset(&tp, 0, sizeof(tp));
	memset(&env, 0, sizeof(env));
	tp.p.insns = tp.insns;
	tp.p.consts = tp.consts;
	tp.p.strtab = tp.strtab;
	tp.p.aggs = tp.aggs;
	tp.p.clauses = &tp.clause;
	tp.p.nclauses = 1;
	if (case_world(&vc) || case_assemble(&vc))
		goto out;
	ret = case_verify(&vc);
	if (ret <= 0 || ret == 2)
		goto out;
	for (i = 0; i < tp.p.ninsns; i++)
		op_seen[tp.insns[i].op] = true;
	ret = case_run(&vc) || case_check_run(&vc) ||
	      case_check_data(&vc) ? -1 : 0;
out:
	if (vc.kprog >= 0)
		close(vc.kprog);
	tc_free(&vc.tc);
	free(vc.image);
	free(text);
	return ret;
}

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The id of dtrace:::BEGIN: any probe will do, nothing is armed. */
static u32 find_begin(int fd)
{
	struct sonde_probe_info pi;
	struct sonde_probes q = { 0 };

	strcpy(q.desc.provider, "dtrace");
	strcpy(q.desc.name, "BEGIN");
	q.buf = (u64)(unsigned long)&pi;
	q.buf_count = 1;
	if (ioctl(fd, SONDE_IOC_PROBES, &q) || q.count != 1)
		return 0;
	return pi.id;
}

/*
 * Defence in depth behind the image verifier's llquantize() rules: with
 * parameters it refuses (DTrace's FACTOREVEN and FACTORNSTEPS cases, the
 * one that wrote past the value in the kernel), every value still lands in
 * a bucket inside a value of exactly sonde_agg_val_size() bytes (ASan
 * sees the rest).  Returns the number of parameter sets that failed.
 */
static int llq_clamp_check(void)
{
	static const s64 sets[][4] = {
		{ 10, 0, 6, 30 }, { 10, 0, 1, 30 }, { 10, 0, 6, 15 },
		{ 10, 2, 6, 80 },
		{ 10, 0, 6, 5 }, { 3, 1, 9, 7 }, { 2, 0, 20, 3 },
		{ 10, 0, 6, 20 },	/* a valid one */
	};
	static const s64 edges[] = { INT64_MIN, -1, 0, 1, 9, 10, 11, 99,
				     100, 999, 1000, 1000000, INT64_MAX };
	int bad = 0;
	u32 i, k;

	for (i = 0; i < ARRAY_SIZE(sets); i++) {
		struct sonde_agg_desc ad = { .fn = SONDE_AGG_llquantize };
		u32 size;
		s64 *val, x;

		memcpy(ad.params, sets[i], sizeof(ad.params));
		size = sonde_agg_val_size(&ad);
		val = malloc(size);
		if (!val)
			return bad + 1;
		sonde_agg_init(&ad, val);
		for (x = 0; x < 2000000; x += 1 + x / 64)
			sonde_agg_apply(&ad, val, x, 1);
		for (k = 0; k < ARRAY_SIZE(edges); k++)
			sonde_agg_apply(&ad, val, edges[k], 1);
		free(val);
		/* the rule check itself: only the last set passes */
		if ((sonde_llquantize_check(ad.params) == SONDE_LLQ_OK) !=
		    (i == ARRAY_SIZE(sets) - 1))
			bad++;
	}
	return bad;
}

/* The quadratic index()/rindex() the linear search replaced: the
 * reference it must agree with. */
/* DTrace's index() / rindex() with a start position, the obvious way:
 * every position tried, from @from (clamped as dtrace_dif_subr() does). */
static s64 naive_index(const char *s, const char *t, s64 from, bool last)
{
	s64 ls = strlen(s), lt = strlen(t), i;

	if (!ls && !lt)
		return 0;
	if (!last) {
		if (from < 0)
			from = 0;
		if (from >= ls)
			return lt ? -1 : ls;
		for (i = from; i + lt <= ls; i++)
			if (!memcmp(s + i, t, lt))
				return i;
		return -1;
	}
	if (from < 0)
		return lt ? -1 : 0;
	for (i = from > ls ? ls : from; i >= 0; i--)
		if (i + lt <= ls && !memcmp(s + i, t, lt))
			return i;
	return -1;
}

/*
 * index(), rindex() and strstr() (Knuth-Morris-Pratt over the firing's
 * search table) against the obvious quadratic search, on strings of a
 * two- and three-letter alphabet (periodic needles are the hard cases)
 * and every start position.  Returns the number of disagreements.
 */
static int search_check(void)
{
	static char scratch[65536];
	struct sonde_image img = { .strsize = 64 };
	struct sonde_vm_ctx ctx = { 0 };
	char hay[64], needle[64];
	u64 seed = 42, out;
	int bad = 0, trial;

	img.scratch_base = 2 * img.strsize;
	ctx.img = &img;
	ctx.scratch = scratch;
	ctx.scratch_size = sizeof(scratch);
	for (trial = 0; trial < 20000; trial++) {
		u32 ls, lt, i, abc;
		s64 from;

		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		abc = 2 + (seed >> 60) % 2;
		ls = (seed >> 20) % 40;
		lt = (seed >> 30) % 8;
		for (i = 0; i < ls; i++) {
			seed = seed * 6364136223846793005ULL + 1;
			hay[i] = 'a' + (seed >> 33) % abc;
		}
		hay[ls] = 0;
		for (i = 0; i < lt; i++) {
			seed = seed * 6364136223846793005ULL + 1;
			needle[i] = 'a' + (seed >> 33) % abc;
		}
		needle[lt] = 0;
		for (from = -2; from <= (s64)ls + 2; from++) {
			u64 a[3] = { (u64)(uintptr_t)hay,
				     (u64)(uintptr_t)needle, (u64)from };

			ctx.scratch_used = img.scratch_base;
			if (sonde_subr(&ctx, SONDE_SUBR_index, a, 3, &out) ||
			    (s64)out != naive_index(hay, needle, from, false))
				bad++;
			ctx.scratch_used = img.scratch_base;
			if (sonde_subr(&ctx, SONDE_SUBR_rindex, a, 3, &out) ||
			    (s64)out != naive_index(hay, needle, from, true))
				bad++;
		}
		{
			u64 a[2] = { (u64)(uintptr_t)hay,
				     (u64)(uintptr_t)needle };
			s64 at = naive_index(hay, needle, 0, false);

			ctx.scratch_used = img.scratch_base;
			/* not found: NULL, as DTrace's strstr() */
			if (sonde_subr(&ctx, SONDE_SUBR_strstr, a, 2, &out) ||
			    (at < 0 ? out != 0 :
			     !out || strcmp((const char *)(uintptr_t)out,
					    hay + at)))
				bad++;
		}
	}
	return bad;
}

/*
 * The userland-only checks after the corpus, numbered from *@n: the
 * llquantize() clamp, the linear string search, the fused predicates.
 * Returns the number that failed.
 */
static int extra_checks(int *n)
{
	static const struct {
		const char *what;
		int (*check)(void);
	} checks[] = {
		{ "llquantize() buckets stay inside the value",
		  llq_clamp_check },
		{ "index(), rindex(), strstr() agree with a naive search",
		  search_check },
	};
	int failed = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(checks); i++) {
		++*n;
		if (checks[i].check()) {
			printf("not ok %d - %s\n", *n + 1, checks[i].what);
			failed++;
		} else {
			printf("ok %d - %s\n", *n + 1, checks[i].what);
		}
	}
	/* the pred.fused_* cases: each recognised, each agreeing */
	++*n;
	if (n_fused < 7) {
		printf("not ok %d - fused predicates recognised # %u of 7\n",
		       *n + 1, n_fused);
		failed++;
	} else {
		printf("ok %d - fused predicates recognised (%u)\n", *n + 1,
		       n_fused);
	}
	/* the agg.fused_* cases: each recognised, each agreeing */
	++*n;
	if (n_fastact < 4) {
		printf("not ok %d - fused actions recognised # %u of 4\n",
		       *n + 1, n_fastact);
		failed++;
	} else {
		printf("ok %d - fused actions recognised (%u)\n", *n + 1,
		       n_fastact);
	}
	return failed;
}

int main(int argc, char **argv)
{
	const char *dir = "userland/tests/vm";
	char *names[1024], path[512], why[512];
	int n = 0, i, failed = 0, rc;
	struct dirent *de;
	DIR *d;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--kernel")) {
			kfd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
			if (kfd < 0) {
				perror(SONDE_DEVICE_PATH);
				return 1;
			}
			begin_id = find_begin(kfd);
			klocked = kernel_confidential();
			kwlocked = kernel_locked_down();
		} else {
			dir = argv[i];
		}
	}
	d = opendir(dir);
	if (!d) {
		perror(dir);
		return 1;
	}
	while ((de = readdir(d)) && n < 1024) {
		size_t l = strlen(de->d_name);

		if (l > 2 && !strcmp(de->d_name + l - 2, ".t"))
			names[n++] = strdup(de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), cmpstr);
	printf("TAP version 13\n1..%d\n", n + 1 + 4 * (kfd < 0));
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		why[0] = 0;
		rc = run_case(path, why, sizeof(why));
		if (rc == 2) {
			printf("ok %d - %s # SKIP %s\n", i + 1, names[i], why);
		} else if (rc) {
			printf("not ok %d - %s # %s\n", i + 1, names[i], why);
			failed++;
		} else {
			printf("ok %d - %s\n", i + 1, names[i]);
		}
		free(names[i]);
	}
	{
		char missing[512] = "";
		u32 op;

		for (op = 0; op <= SONDE_OP_MAX; op++) {
			/* what a locked-down kernel refuses cannot run */
			if (klocked && ((op >= SONDE_OP_LDK1 &&
					 op <= SONDE_OP_LDK8) ||
					op == SONDE_OP_EMITKSTACK))
				continue;
			if (sonde_op_name(op) && !op_seen[op]) {
				strncat(missing, " ", sizeof(missing) - 1 -
					strlen(missing));
				strncat(missing, sonde_op_name(op),
					sizeof(missing) - 1 - strlen(missing));
			}
		}
		if (missing[0]) {
			printf("not ok %d - every opcode runs in some case # missing:%s\n",
			       n + 1, missing);
			failed++;
		} else {
			printf("ok %d - every opcode runs in some case\n", n + 1);
		}
	}
	if (kfd < 0)
		failed += extra_checks(&n);
	printf("# vm corpus (%s VM): %d passed, %d failed\n",
	       kfd >= 0 ? "kernel" : "userland", n + 1 - failed, failed);
	return failed ? 1 : 0;
}
