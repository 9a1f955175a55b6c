// SPDX-License-Identifier: GPL-2.0
/*
 * bench_worst.c - the worst firing the kernel accepts, measured in the
 * guest (`make bench-worst`).  For each kind of expensive work a clause
 * can do with interrupts off, the largest repetition LOAD still accepts
 * under the firing budget (found by bisection: above it LOAD says E2BIG),
 * armed on syscall::getppid:entry for this process, and the time each
 * getppid() then takes, less the untraced call: how long one firing keeps
 * a CPU.  The worst of them is the bound the budget gives, measured;
 * bench/worst-firing.md and docs/vm.md keep the figures.  Programs are
 * built by hand; prints figures, asserts nothing.
 *
 *   search   index() of a needle "aaa...ab" in "aaa...a", 4095 bytes each
 *            (Knuth-Morris-Pratt's worst: about 2n steps)
 *   scmp     two equal 4095-byte strings compared
 *   aggkey   count() keyed by 7 strings of 4095 bytes and a counter: a
 *            32 KB key built, hashed, stored anew every firing
 *   dynvar   a[7 strings, counter] = 1: the same key padded, hashed,
 *            stored and looked up in the dynamic-variable pool
 *   stack    stackdepth: 255 frames unwound each time
 *   record   records of 255-frame kernel stacks (the record's 64 KB bind)
 *   ecbs     SONDE_MAX_PROBE_ECBS enablings of a small clause on one probe
 *   copyin   enablings that each copyin() 60000 bytes of user memory and
 *            record them (scratch and the record allow one such a clause)
 *   commit   commit() of a speculation whose buffers are full: its
 *            specsize (MB) is the repetition; one firing copies them all
 */
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "sonde.h"

#define INSN(o, d, s, t, i) \
	((struct sonde_insn){ .op = (o), .rd = (d), .rs = (s), .rt = (t), .imm = (i) })
#define MAXI	65536

static __u8 image[4 << 20] __attribute__((aligned(8)));
static __u32 ilen;
static struct sonde_insn code[MAXI];
static __u32 ncode;
static struct sonde_ecb ecbs[SONDE_MAX_PROBE_ECBS];
static __u32 probe, self_pid;
static char hay[4096], needle[4096], keys[7][4096];

static void sect(int s, const void *data, __u32 elem, __u32 count)
{
	struct sonde_prog_hdr *h = (void *)image;

	h->sects[s].off = count ? ilen : 0;
	h->sects[s].count = count;
	memcpy(image + ilen, data, (size_t)elem * count);
	ilen += (elem * count + 7) & ~7u;
}

static void emit(struct sonde_insn in)
{
	if (ncode < MAXI)
		code[ncode++] = in;
}

/* The kinds of expensive work: @k repetitions into code[]. */
enum { W_SEARCH, W_SCMP, W_AGGKEY, W_DYNVAR, W_STACK, W_RECORD, W_ECBS,
       W_COPYIN, W_COMMIT, W_N };
static const char *const wname[W_N] = {
	"search", "scmp", "aggkey", "dynvar", "stack", "record", "ecbs",
	"copyin", "commit",
};
static __u32 begin_probe;
static char bigbuf[60000];

/* r1..r7 = copyinstr(arg0 + 4096 i) for the 7 strings; r8 = arg2 */
static void strings7(void)
{
	__u32 i;

	for (i = 0; i < 7; i++) {
		emit(INSN(SONDE_OP_LDB, 9, 0, 0, SONDE_B_arg3));
		emit(INSN(SONDE_OP_MOVI, 10, 0, 0, 4096 * i));
		emit(INSN(SONDE_OP_ADD, 9, 9, 10, 0));
		emit(INSN(SONDE_OP_CALL, 1 + i, 9, 1, SONDE_SUBR_copyinstr));
	}
	emit(INSN(SONDE_OP_LDB, 8, 0, 0, SONDE_B_arg2));
}

/*
 * Build and LOAD kind @w with @k repetitions on fd @fd: 0 or the errno.
 */
static int build_load(int fd, int w, __u32 k, struct sonde_load *ld,
		      char *log, __u32 logsz)
{
	struct sonde_prog_hdr *h = (void *)image;
	struct sonde_opt opts[8];
	struct sonde_clause cl[3];
	struct sonde_agg_desc ad = { .fn = SONDE_AGG_count, .nkeys = 8 };
	struct sonde_var_desc var = { .scope = SONDE_VAR_GLOBAL,
				      .type = SONDE_T_INT, .nkeys = 8 };
	__u32 keytypes[8] = { SONDE_T_STR, SONDE_T_STR, SONDE_T_STR,
			      SONDE_T_STR, SONDE_T_STR, SONDE_T_STR,
			      SONDE_T_STR, SONDE_T_INT };
	__u64 consts[1] = { self_pid };
	__u32 nopts = 0, necbs = 1, i, rec = 0;

	memset(image, 0, 4096);
	h->magic = SONDE_PROG_MAGIC;
	h->hdr_size = sizeof(*h);
	h->abi_version = SONDE_ABI_VERSION;
	ilen = sizeof(*h);
	ncode = 0;
	/* predicate: pid == this process */
	emit(INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_pid));
	emit(INSN(SONDE_OP_LDC, 2, 0, 0, 0));
	emit(INSN(SONDE_OP_SETEQ, 3, 1, 2, 0));
	emit(INSN(SONDE_OP_RET, 0, 3, 0, 0));
	switch (w) {
	case W_SEARCH:
		emit(INSN(SONDE_OP_LDB, 3, 0, 0, SONDE_B_arg0));
		emit(INSN(SONDE_OP_CALL, 1, 3, 1, SONDE_SUBR_copyinstr));
		emit(INSN(SONDE_OP_LDB, 3, 0, 0, SONDE_B_arg1));
		emit(INSN(SONDE_OP_CALL, 2, 3, 1, SONDE_SUBR_copyinstr));
		for (i = 0; i < k; i++)
			emit(INSN(SONDE_OP_CALL, 4, 1, 2, SONDE_SUBR_index));
		break;
	case W_SCMP:
		emit(INSN(SONDE_OP_LDB, 3, 0, 0, SONDE_B_arg0));
		emit(INSN(SONDE_OP_CALL, 1, 3, 1, SONDE_SUBR_copyinstr));
		emit(INSN(SONDE_OP_CALL, 2, 3, 1, SONDE_SUBR_copyinstr));
		for (i = 0; i < k; i++)
			emit(INSN(SONDE_OP_SCMP, 4, 1, 2, 0));
		break;
	case W_AGGKEY:
		strings7();
		for (i = 0; i < k; i++) {
			emit(INSN(SONDE_OP_AGG, 0, 1, 0, 0));
			emit(INSN(SONDE_OP_ADD, 8, 8, 8, 0));	/* a new key */
		}
		break;
	case W_DYNVAR:
		strings7();
		emit(INSN(SONDE_OP_MOVI, 9, 0, 0, 1));
		for (i = 0; i < k; i++) {
			emit(INSN(SONDE_OP_STGA, 0, 1, 9, 0));
			emit(INSN(SONDE_OP_LDGA, 10, 1, 0, 0));
		}
		break;
	case W_STACK:
		for (i = 0; i < k; i++)
			emit(INSN(SONDE_OP_LDB, 4, 0, 0, SONDE_B_stackdepth));
		break;
	case W_RECORD:
		for (i = 0; i < k; i++)
			emit(INSN(SONDE_OP_EMITKSTACK, 0, 0, 255, 8 * 255 * i));
		rec = 8 * 255 * k;
		break;
	case W_ECBS:
		necbs = k;
		break;
	case W_COPYIN:
		necbs = k;
		emit(INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg5));
		emit(INSN(SONDE_OP_MOVI, 2, 0, 0, sizeof(bigbuf)));
		emit(INSN(SONDE_OP_CALL, 3, 1, 2, SONDE_SUBR_copyin));
		emit(INSN(SONDE_OP_EMITM, 0, 3, 0,
			  SONDE_SOL_IMM(0, sizeof(bigbuf))));
		rec = (sizeof(bigbuf) + 7) & ~7u;
		break;
	case W_COMMIT:
		/* fill (arg4 1): speculate(1) with a 64 KB record */
		emit(INSN(SONDE_OP_LDB, 5, 0, 0, SONDE_B_arg4));
		emit(INSN(SONDE_OP_MOVI, 6, 0, 0, 1));
		emit(INSN(SONDE_OP_SETNE, 7, 5, 6, 0));
		emit(INSN(SONDE_OP_JNZ, 0, 7, 0, 2));
		emit(INSN(SONDE_OP_CALL, 8, 6, 1, SONDE_SUBR_speculate));
		emit(INSN(SONDE_OP_EMIT8, 0, 5, 0, 65528));
		rec = 65536;
		break;
	}
	emit(INSN(SONDE_OP_RET, 0, 0, 0, 0));
	memset(cl, 0, sizeof(cl));
	cl[0].pred_off = 0;
	cl[0].pred_len = 4;
	cl[0].act_off = 4;
	cl[0].act_len = ncode - 4;
	cl[0].rec_size = rec;
	for (i = 0; i < necbs; i++)
		ecbs[i] = (struct sonde_ecb){ probe, 0 };
	if (w == W_COMMIT) {
		/* BEGIN claims speculation 1; arg4 2 commits it */
		cl[1].act_off = ncode;
		emit(INSN(SONDE_OP_CALL, 1, 0, 0, SONDE_SUBR_speculation));
		emit(INSN(SONDE_OP_RET, 0, 0, 0, 0));
		cl[1].act_len = 2;
		cl[2].act_off = ncode;
		emit(INSN(SONDE_OP_LDB, 5, 0, 0, SONDE_B_arg4));
		emit(INSN(SONDE_OP_MOVI, 6, 0, 0, 2));
		emit(INSN(SONDE_OP_SETNE, 7, 5, 6, 0));
		emit(INSN(SONDE_OP_JNZ, 0, 7, 0, 2));
		emit(INSN(SONDE_OP_MOVI, 6, 0, 0, 1));
		emit(INSN(SONDE_OP_CALL, 8, 6, 1, SONDE_SUBR_commit));
		emit(INSN(SONDE_OP_RET, 0, 0, 0, 0));
		cl[2].act_len = 7;
		ecbs[necbs++] = (struct sonde_ecb){ begin_probe, 1 };
		ecbs[necbs++] = (struct sonde_ecb){ probe, 2 };
		opts[nopts++] = (struct sonde_opt){ SONDE_OPT_specsize, 0,
						    (__u64)k << 20 };
		opts[nopts++] = (struct sonde_opt){ SONDE_OPT_nspec, 0, 1 };
	}
	opts[nopts++] = (struct sonde_opt){ SONDE_OPT_strsize, 0, 4096 };
	/*
	 * A ring buffer, whole from GO on and never full: every measured
	 * firing writes all its records (a switch buffer grows in the
	 * background and drops what finds it full, which would time a
	 * firing that skipped its work).  Room for the largest firing:
	 * 177 copyin() records of 60000 bytes, or the committed
	 * speculation.
	 */
	opts[nopts++] = (struct sonde_opt){ SONDE_OPT_bufpolicy, 0,
					    SONDE_BUFPOLICY_RING };
	opts[nopts++] = (struct sonde_opt){ SONDE_OPT_bufsize, 0,
		w == W_COMMIT ? (__u64)k << 21 : 16 << 20 };
	opts[nopts++] = (struct sonde_opt){ SONDE_OPT_aggsize, 0, 16 << 20 };
	opts[nopts++] = (struct sonde_opt){ SONDE_OPT_dynvarsize, 0, 16 << 20 };
	sect(SONDE_SECT_OPTS, opts, sizeof(opts[0]), nopts);
	sect(SONDE_SECT_ECBS, ecbs, sizeof(ecbs[0]), necbs);
	sect(SONDE_SECT_CLAUSES, cl, sizeof(cl[0]), w == W_COMMIT ? 3 : 1);
	sect(SONDE_SECT_INSNS, code, sizeof(code[0]), ncode);
	sect(SONDE_SECT_CONSTS, consts, 8, 1);
	if (w == W_AGGKEY) {
		sect(SONDE_SECT_AGGS, &ad, sizeof(ad), 1);
		sect(SONDE_SECT_KEYS, keytypes, sizeof(keytypes[0]), 8);
	}
	if (w == W_DYNVAR) {
		sect(SONDE_SECT_KEYS, keytypes, sizeof(keytypes[0]), 8);
		sect(SONDE_SECT_VARS, &var, sizeof(var), 1);
	}
	memset(ld, 0, sizeof(*ld));
	ld->prog = (__u64)(unsigned long)image;
	ld->prog_size = ilen;
	ld->log_level = 1;
	ld->log_buf = (__u64)(unsigned long)log;
	ld->log_size = logsz;
	memset(log, 0, logsz);
	return ioctl(fd, SONDE_IOC_LOAD, ld) ? errno : 0;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Median ns of @n getppid() calls (arg0 hay, arg1 needle, arg2 a counter,
 * arg3 the seven key strings, arg4 @mode, arg5 a 60000-byte buffer). */
static double call_ns(int n, long mode)
{
	static double v[64];
	double t;
	int i, j;

	for (i = 0; i < n; i++) {
		t = now_ns();
		syscall(SYS_getppid, hay, needle, (long)i + 1, keys, mode,
			bigbuf);
		v[i] = now_ns() - t;
	}
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (v[j] < v[i]) {
				t = v[i];
				v[i] = v[j];
				v[j] = t;
			}
	return v[n / 2];
}

static __u32 probe_of(int fd, const char *prov, const char *func,
			const char *name)
{
	struct sonde_probe_info pi[2];
	struct sonde_probes q;

	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, prov);
	strcpy(q.desc.function, func);
	strcpy(q.desc.name, name);
	q.buf = (__u64)(unsigned long)pi;
	q.buf_count = 2;
	if (ioctl(fd, SONDE_IOC_PROBES, &q) || q.count != 1)
		return 0;
	return pi[0].id;
}

int main(void)
{
	static char log[4096];
	struct sonde_status st;
	struct sonde_load ld;
	double base, worst = 0;
	const char *worst_name = "";
	int fd, w, i;

	/* present: a probe's copyin() cannot fault a page in, it errors */
	memset(bigbuf, 'c', sizeof(bigbuf));
	memset(hay, 'a', sizeof(hay) - 1);
	memset(needle, 'a', 2047);
	needle[2047] = 'b';
	for (i = 0; i < 7; i++) {
		memset(keys[i], 'k', sizeof(keys[i]) - 1);
		keys[i][0] = '0' + i;
	}
	self_pid = getpid();
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	if (fd < 0) {
		perror(SONDE_DEVICE_PATH);
		return 1;
	}
	probe = probe_of(fd, "syscall", "getppid", "entry");
	begin_probe = probe_of(fd, "dtrace", "", "BEGIN");
	close(fd);
	/* every firing runs on one CPU: its speculation buffer fills */
	{
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(0, &set);
		sched_setaffinity(0, sizeof(set), &set);
	}
	base = call_ns(31, 0);
	printf("# untraced getppid(): %.0f ns\n", base);
	printf("# kind\trepetitions\tns a firing\t(firing budget %u units, %u enablings a probe)\n",
	       SONDE_FIRING_BUDGET, SONDE_MAX_PROBE_ECBS);
	for (w = 0; w < W_N; w++) {
		__u32 lo = 1, hi = w == W_ECBS || w == W_COPYIN ?
				    SONDE_MAX_PROBE_ECBS + 1 :
				    w == W_RECORD ? 33 : w == W_COMMIT ? 64 :
				    MAXI - 64;
		struct sonde_go go;
		struct sonde_stop stop;
		double t;

		/* the largest k LOAD accepts: lo accepted, hi refused */
		fd = open(SONDE_DEVICE_PATH, O_RDWR);
		if (build_load(fd, w, lo, &ld, log, sizeof(log))) {
			printf("%s\t-\trefused at 1: %s", wname[w], log);
			close(fd);
			continue;
		}
		close(fd);
		while (hi - lo > 1) {
			__u32 mid = lo + (hi - lo) / 2;
			int err;

			fd = open(SONDE_DEVICE_PATH, O_RDWR);
			err = build_load(fd, w, mid, &ld, log, sizeof(log));
			close(fd);
			if (err)
				hi = mid;
			else
				lo = mid;
		}
		fd = open(SONDE_DEVICE_PATH, O_RDWR);
		if (build_load(fd, w, lo, &ld, log, sizeof(log)) ||
		    ioctl(fd, SONDE_IOC_GO, &go)) {
			printf("%s\t%u\tcould not arm: %s\n", wname[w], lo,
			       strerror(errno));
			close(fd);
			continue;
		}
		call_ns(3, 0);	/* warm */
		if (w == W_COMMIT) {
			/* fill this CPU's speculation buffer, then one
			 * firing commits it: that firing is measured */
			double one;
			int f;

			for (f = 0; f < (int)(lo << 4) + 4; f++)
				syscall(SYS_getppid, hay, needle, 0L, keys, 1L,
					bigbuf);
			one = now_ns();
			syscall(SYS_getppid, hay, needle, 0L, keys, 2L,
				bigbuf);
			t = now_ns() - one - base;
		} else {
			t = call_ns(w == W_ECBS ? 31 : 11, 0) - base;
		}
		/* a firing that faulted or dropped skipped its work (the
		 * commit run overfills its speculation on purpose) */
		memset(&st, 0, sizeof(st));
		ioctl(fd, SONDE_IOC_STATUS, &st);
		ioctl(fd, SONDE_IOC_STOP, &stop);
		close(fd);
		printf("%s\t%u\t%.0f%s\n", wname[w], lo, t,
		       st.errors || st.drops ||
		       (st.specdrops && w != W_COMMIT) ?
		       "\t(errors or drops: not the worst case)" : "");
		fflush(stdout);
		if (t > worst) {
			worst = t;
			worst_name = wname[w];
		}
	}
	printf("# worst accepted firing: %.3f ms (%s)\n", worst / 1e6,
	       worst_name);
	return 0;
}
