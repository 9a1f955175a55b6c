// SPDX-License-Identifier: GPL-2.0
/*
 * test_ioctl_fuzz.c - random use of /dev/sonde from two threads at once:
 * random ioctl numbers (sonde's and others), directions and argument
 * sizes; arguments of random bytes, of random field values in the right
 * struct, or wild pointers; program images (img.h: every kind of
 * section: options, aggregations, variables, speculations, strings, ERROR
 * clauses) then mutated, with buffers small enough to fill; GO,
 * firings (getppid), STOP, DRAIN, AGGSNAP, STATUS, TESTRUN, UPROBE,
 * JHELPER (jstack() layouts, any file or process), OFFER (kernel sites
 * right, wrong and malformed), and close
 * while the other thread uses the same file.  Every call must return (an
 * errno is fine) and the kernel log must stay clean (the runner checks).
 *
 * SONDE_FUZZ_CALLS sets how many calls to make (default 40000, a short
 * session for `make check`; the long run is
 *   selftests/guest/run-guest.sh --cmd \
 *	'SONDE_FUZZ_CALLS=1000000 /selftests/sonde/test_ioctl_fuzz'
 * ); SONDE_FUZZ_SEED the seed (default: the time).  The call count, the
 * seed and the errnos seen are in the KTAP log.
 *
 * User probes are only made on a copy of this program in /tmp that never
 * runs, and probe ids for LOAD come from a few known probes (BEGIN, END,
 * ERROR, syscall::getppid) or are out of range: random ones could arm a
 * kprobe on whatever fbt probe earlier tests made, which is allowed but
 * slows the guest to a crawl.
 *
 * Two anchor consumers stay armed for the whole session (getppid's entry
 * and return, thread-locals): so the fuzzing's thousands of GOs and
 * closes never switch the raw_syscalls and sched_process_exit tracepoints
 * on and off, whose static keys and static calls the kernel rewrites with
 * text_poke_bp() each time.  Multi-threaded TCG (QEMU 7.2) can keep a
 * stale translation of such a site and spin on it: a soft lockup in
 * syscall_trace_enter, the emulator's and not the kernel's (README,
 * bench/c5-lockup.txt), which this session hit without the anchors.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde_test.h"

static __thread unsigned long long rnd_state;

static unsigned long long rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

static unsigned int below(unsigned int n)
{
	return n ? (unsigned int)(rnd() % n) : 0;
}

/* The file both threads use; -1 between a close and the next open. */
static _Atomic int shared_fd = -1;
static atomic_ulong ncalls;
static atomic_ulong nerr[256];
static atomic_bool stop_all;
static __u32 ids[5];		/* BEGIN END ERROR getppid entry/return */
static char target[64];		/* the never-run copy for user probes */

static int fz_ioctl(int fd, unsigned long cmd, void *arg)
{
	int r = ioctl(fd, cmd, arg);

	atomic_fetch_add(&ncalls, 1);
	if (r < 0)
		atomic_fetch_add(&nerr[errno & 255], 1);
	return r;
}

static const unsigned long long wild[] = {
	0, 1, 8, 4096, 0x7ffffffff000ULL, 0xffffffffffffffffULL,
	0xffff888000000000ULL, 0xffffffff81000000ULL, 0x8000000000000000ULL,
};

/*
 * A pointer into @ok (within its first eighth: what the kernel may then
 * write there, a DRAIN or a listing of every syscall probe, stays inside
 * @ok's @size bytes), or a wild one.  The kernel writes where it is told
 * to, and this process must survive what it asked for.
 */
static __u64 wild_ptr(void *ok, size_t size)
{
	return below(3) ? (__u64)(unsigned long)ok + below(2) * below(size / 8) :
	       wild[below(sizeof(wild) / sizeof(wild[0]))];
}

static __u64 fz_val(void)
{
	static const __u64 edges[] = {
		0, 1, 2, 7, 8, 255, 256, 4095, 4096, 4097, 65535, 65536,
		0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ULL,
		1ULL << 30, 1ULL << 40, ~0ULL, ~0ULL - 1,
	};

	return below(4) ? edges[below(sizeof(edges) / sizeof(edges[0]))] :
	       rnd();
}

/*
 * A program image, @p anew: clauses of the kinds below on known probes,
 * options, then a few of its bytes mutated.
 */
static void fz_image(struct prog *p)
{
	struct sonde_agg_desc ad[2];
	char text[512];
	__u32 necbs, i;

	prog_free(p);
	memset(ad, 0, sizeof(ad));
	ad[0].fn = 1 + below(SONDE_AGG_MAXFN);
	if (ad[0].fn == SONDE_AGG_lquantize) {
		ad[0].params[0] = 0;
		ad[0].params[1] = 100;
		ad[0].params[2] = 10;
	} else if (ad[0].fn == SONDE_AGG_llquantize) {
		ad[0].params[0] = 10;
		ad[0].params[1] = 0;
		ad[0].params[2] = 2 + below(4);
		ad[0].params[3] = below(2) ? 10 : 100;
	}
	ad[0].nkeys = 1;
	ad[0].keys_off = 0;
	ad[1] = (struct sonde_agg_desc){ .fn = SONDE_AGG_count, .nkeys = 1,
					 .keys_off = 1 };
	PROG_PUT(p, aggs, ad[0]);
	PROG_PUT(p, aggs, ad[1]);
	PROG_ADD(p, keys, SONDE_T_INT);
	PROG_ADD(p, keys, SONDE_T_STR);
	PROG_ADD(p, vars, .scope = SONDE_VAR_TLS, .type = SONDE_T_INT);
	PROG_ADD(p, vars, .scope = SONDE_VAR_GLOBAL, .type = SONDE_T_STR,
		 .nkeys = 1);
	PROG_ADD(p, consts, getpid());
	PROG_ADD(p, consts, fz_val());
	/* strings at 0 and 6, then an empty one (26 bytes, as ever) */
	prog_str(p, "hello");
	prog_str(p, "/usr/lib/libc.so.6");
	prog_str(p, "");

	/* clause 0: a record of arg0, pid, execname; speculate sometimes */
	snprintf(text, sizeof(text),
		 "ldb r1, arg0\n"
		 "emit8 r1, 0\n"
		 "ldb r2, pid\n"
		 "emit4 r2, 8\n"
		 "ldb r3, execname\n"
		 "emits r3, 16\n"
		 "%s"
		 "ret r0\n",
		 below(2) ? "call r4, speculation, r0, 0\n"
			    "call r5, speculate, r4, 1\n" : "");
	prog_clause(p, 8 + 8 + 256, NULL, text);

	/* clause 1: aggregations, a thread-local, an array, string work;
	 * two actions */
	i = prog_clause(p, 0, NULL,
			"ldb r1, arg1\n"
			"ldb r2, arg0\n"
			"movi r3, 1\n"
			"agg @0, r1, r2\n"
			"ldb r4, execname\n"
			"agg @1, r4, r0\n"
			"ldt r5, v0\n"
			"add r5, r5, r3\n"
			"stt v0, r5\n"
			"lds r6, #6\n"
			"lds r7, #0\n"
			"call r8, strstr, r6, 2\n"
			"call r9, basename, r6, 1\n"
			"stga v1, r1, r9\n"
			"ldga r10, v1, r1\n"
			"ldc r11, #1\n"
			"call r12, copyinstr, r11, 1\n"
			"ret r0\n");
	p->clauses[i].acts_off = PROG_ADD(p, acts, 0);
	PROG_ADD(p, acts, 1);
	p->clauses[i].nacts = 2;

	/* clause 2: commit or discard speculation 1, no record */
	snprintf(text, sizeof(text),
		 "movi r1, 1\n"
		 "call r2, %s, r1, 1\n"
		 "ret r0\n", below(2) ? "commit" : "discard");
	prog_clause(p, 0, NULL, text);

	/* clause 3 (ERROR's): record the fault */
	prog_clause(p, 8, NULL,
		    "ldb r1, arg4\n"
		    "emit8 r1, 0\n"
		    "ret r0\n");

	for (i = 0, necbs = 1 + below(5); i < necbs; i++) {
		__u32 probe = below(16) ? ids[below(5)] :
			      0x7fff0000u + below(100);
		__u32 clause = below(12) ? below(p->nclauses) : below(10);

		prog_ecb(p, probe, clause);
	}
	if (below(2))	/* the ERROR clause */
		prog_ecb(p, ids[2], 3);

	/* small buffers mostly, sometimes anything (the memory caps) */
	prog_opt(p, SONDE_OPT_bufsize,
		 below(8) ? 4096 + 8 * below(1024) : fz_val());
	prog_opt(p, SONDE_OPT_aggsize,
		 below(8) ? 4096 + 8 * below(1024) : fz_val());
	if (below(2))
		prog_opt(p, SONDE_OPT_dynvarsize,
			 below(8) ? 4096 * (1 + below(8)) : fz_val());
	if (below(2))
		prog_opt(p, SONDE_OPT_bufpolicy, below(3));
	if (below(4))
		prog_opt(p, SONDE_OPT_specsize, below(8) ? 4096 : fz_val());
	if (below(4))
		prog_opt(p, SONDE_OPT_strsize,
			 below(4) ? 256 : fz_val() % 5000);

	prog_image(p);
	/* and mutate: mostly a few bytes, now and then many */
	for (i = below(3) ? below(4) : below(64); i; i--)
		p->img[below(p->len)] = (__u8)rnd();
}

static int cur_fd(void)
{
	int fd = atomic_load(&shared_fd);

	if (fd < 0) {
		fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
		if (fd >= 0) {
			int old = -1;

			if (!atomic_compare_exchange_strong(&shared_fd, &old,
							    fd)) {
				close(fd);
				fd = old;
			}
		}
	}
	return fd;
}

/* One random call on @fd. */
/* Any number, direction, size and argument. */
static void fz_call_any(int fd, unsigned char *blob, size_t bsize)
{
	static const unsigned int sizes[] = {
		sizeof(struct sonde_info), sizeof(struct sonde_probes),
		sizeof(struct sonde_load), sizeof(struct sonde_go),
		sizeof(struct sonde_drain), sizeof(struct sonde_status),
		sizeof(struct sonde_testrun), sizeof(struct sonde_uprobe),
		sizeof(struct sonde_jhelper), sizeof(struct sonde_offer),
	};
	unsigned int nr = below(4) ? below(16) : below(256);
	unsigned int type = below(8) ? SONDE_IOC_MAGIC : below(256);
	unsigned int size = below(2) ?
			    sizes[below(sizeof(sizes) / 4)] + below(3) * 8 :
			    below(1 << 14);
	unsigned int i;
	void *arg;

	for (i = 0; i < 32; i++)
		blob[below(4096)] = (unsigned char)rnd();
	for (i = 0; i < 4; i++) {
		__u64 p = wild_ptr(blob, bsize);

		memcpy(blob + below(64) * 8, &p, 8);
	}
	arg = below(4) ? (void *)blob :
	      (void *)(unsigned long)wild[below(9)];
	fz_ioctl(fd, _IOC(below(4), type, nr, size), arg);
}

/* LOAD of a built, mutated image. */
static void fz_call_load(int fd, unsigned char *blob)
{
	static __thread struct prog p;
	struct sonde_load ld;

	fz_image(&p);
	memset(&ld, 0, sizeof(ld));
	ld.prog = below(16) ? (__u64)(unsigned long)p.img :
		  wild_ptr(p.img, p.len);
	ld.prog_size = below(8) ? p.len : (__u32)fz_val();
	ld.log_level = below(3) ? 1 : (__u32)fz_val();
	ld.log_buf = (__u64)(unsigned long)(blob + 8192);
	ld.log_size = below(4) ? 4096 : below(8192);
	if (!below(32))
		ld.reserved[below(4)] = 1;
	fz_ioctl(fd, SONDE_IOC_LOAD, &ld);
}

/* DRAIN or AGGSNAP of any CPU into any buffer. */
static void fz_call_drain(int fd, unsigned char *blob, size_t bsize)
{
	struct sonde_drain d;

	memset(&d, 0, sizeof(d));
	d.cpu = below(8) ? below(3) : (__u32)fz_val();
	d.buf = below(8) ? (__u64)(unsigned long)blob : wild_ptr(blob, bsize);
	d.buf_size = below(4) ? bsize : fz_val();
	if (!below(16))
		d.flags = (__u32)rnd();
	fz_ioctl(fd, below(2) ? SONDE_IOC_DRAIN : SONDE_IOC_AGGSNAP, &d);
}

/* TESTRUN of any enabling with any memory window. */
static void fz_call_testrun(int fd, unsigned char *blob, size_t bsize)
{
	struct sonde_testrun tr;
	unsigned int i;

	memset(&tr, 0, sizeof(tr));
	tr.epid = below(8);
	tr.mem = below(4) ? (__u64)(unsigned long)blob : wild_ptr(blob, bsize);
	tr.mem_size = below(4) ? below(SONDE_TEST_MAXMEM + 1) :
		      (__u32)fz_val();
	for (i = 0; i < 10; i++)
		tr.args[i] = fz_val();
	if (!below(16))
		tr.flags = 1;
	fz_ioctl(fd, SONDE_IOC_TESTRUN, &tr);
}

/* PROBES: the dtrace and syscall providers' names, globs; never an empty
 * provider: it would make every fbt probe. */
static void fz_call_probes(int fd, unsigned char *blob, size_t bsize)
{
	static const char *const provs[] = { "dtrace", "syscall", "sys*",
					     "d?race", "[ds]*", "no*such" };
	static const char *const names[] = { "", "*", "entry", "BEGIN",
					     "*e*", "[!a-z]*", "\\\\" };
	struct sonde_probes q;

	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, provs[below(6)]);
	strcpy(q.desc.name, names[below(7)]);
	if (!below(8))
		memset(q.desc.function, 'a' + below(26),
		       sizeof(q.desc.function) - !!below(2));
	q.buf = below(4) ? (__u64)(unsigned long)blob : wild_ptr(blob, bsize);
	q.buf_count = below(4) ? below(64) : (__u32)fz_val();
	q.start_id = below(2) ? 0 : (__u32)fz_val();
	if (bsize < (size_t)q.buf_count * sizeof(struct sonde_probe_info))
		q.buf_count = bsize / sizeof(struct sonde_probe_info);
	fz_ioctl(fd, SONDE_IOC_PROBES, &q);
}

/* User probes on the never-run copy, or on nothing. */
static void fz_call_uprobe(int fd, unsigned char *blob, size_t bsize)
{
	struct sonde_uprobe u;
	unsigned int i;

	memset(&u, 0, sizeof(u));
	u.path = below(8) ? (__u64)(unsigned long)target :
		 wild_ptr(blob, bsize);
	u.offset = below(2) ? 0x1000 + below(4096) : fz_val();
	u.refctr = below(4) ? 0 : fz_val();
	u.pid = below(4) ? 0 : (__s32)fz_val();
	u.flags = below(4) ? below(4) : (__u32)fz_val();
	u.nargs = below(4) ? below(11) : (__u32)fz_val();
	for (i = 0; i < SONDE_UPROBE_MAX_ARGS; i++) {
		u.args[i].kind = below(5);
		u.args[i].size = (__s8)(below(2) ? 8 : rnd());
		u.args[i].base = below(22);
		u.args[i].index = below(2) ? SONDE_UREG_NONE : below(22);
		u.args[i].scale = 1 << below(4);
		u.args[i].disp = (__s64)fz_val();
	}
	snprintf(u.desc.provider, sizeof(u.desc.provider), "fuzz%u", below(3));
	strcpy(u.desc.module, below(8) ? "target" : "");
	snprintf(u.desc.function, sizeof(u.desc.function), "f%u", below(4));
	strcpy(u.desc.name, below(8) ? "probe" : "");
	fz_ioctl(fd, SONDE_IOC_UPROBE, &u);
}

/* A jstack() helper: the never-run copy's file or any descriptor, this
 * process or any, offsets mostly in range. */
static void fz_call_jhelper(int fd, unsigned char *blob, size_t bsize)
{
	struct sonde_jhelper h;
	__u32 *w = (__u32 *)&h.off, i;
	int exe = -1;

	memset(&h, 0, sizeof(h));
	h.size = below(8) ? sizeof(h) : (__u32)fz_val();
	if (below(2)) {
		exe = open(target, O_RDONLY);
		h.fd = exe;
	} else {
		h.fd = below(2) ? -1 : (__s32)fz_val();
		h.pid = below(2) ? getpid() : (__s32)fz_val();
	}
	h.flags = below(8) ? 0 : (__u32)fz_val();
	h.text = below(2) ? 0x1000 : fz_val();
	h.runtime = below(2) ? (__u64)(unsigned long)blob :
		    wild_ptr(blob, bsize);
	h.max_threads = below(4) ? 1 + below(SONDE_JHELPER_MAX_THREADS) :
			(__u32)fz_val();
	h.max_interps = below(4) ? 1 + below(SONDE_JHELPER_MAX_INTERPS) :
			(__u32)fz_val();
	for (i = 0; i < offsetof(struct sonde_pyoffsets, state_kind_shift) / 4;
	     i++)
		w[i] = below(8) ? 8 * below(64) :
		       below(2) ? SONDE_PYOFF_NONE : (__u32)fz_val();
	h.off.owner_skip = below(2) ? SONDE_PYOFF_NONE : below(300);
	h.off.state_kind_shift = below(32);
	h.off.state_compact_bit = below(33);
	h.off.state_ascii_bit = below(33);
	if (!below(16))
		h.reserved2[below(4)] = 1;
	fz_ioctl(fd, SONDE_IOC_JHELPER, &h);
	if (exe >= 0)
		close(exe);
}

/* Kernel sites offered: functions at right-looking or wrong addresses,
 * event systems, malformed names and counts. */
static void fz_call_offer(int fd, unsigned char *blob, size_t bsize)
{
	static const char *const names[] = { "vfs_read", "getppid",
					     "sched_switch", "sys_enter",
					     "no_such_fn", "a b", "", "x.y-z" };
	static const char *const mods[] = { "vmlinux", "sched", "syscalls",
					    "raw_syscalls", "nosuch", "" };
	static __thread struct sonde_offer_ent ents[8];
	struct sonde_offer o;
	unsigned int i, n = below(8) + 1;

	memset(ents, 0, sizeof(ents));
	for (i = 0; i < n; i++) {
		struct sonde_offer_ent *e = &ents[i];

		e->kind = below(8) ? 1 + below(3) : (__u32)fz_val();
		e->addr = e->kind == SONDE_OFFER_DONE && below(2) ?
			  1 + below(4) :	/* a generation, maybe this one */
			  e->kind == SONDE_OFFER_EVENT && below(4) ? 0 :
			  below(2) ? 0xffffffff81000000ULL + 16 * below(1 << 20) :
			  fz_val();
		strcpy(e->module, mods[below(6)]);
		strcpy(e->name, names[below(8)]);
		if (!below(16))
			memset(e->name, 'a', sizeof(e->name));
		if (!below(32))
			e->reserved = 1;
	}
	memset(&o, 0, sizeof(o));
	o.ents = below(8) ? (__u64)(unsigned long)ents : wild_ptr(blob, bsize);
	o.count = below(8) ? n : (__u32)fz_val();
	if (!below(16))
		o.flags = 1;
	fz_ioctl(fd, SONDE_IOC_OFFER, &o);
}

/* One call of the session, of any kind. */
static void fz_call(int fd, unsigned char *blob, size_t bsize)
{
	unsigned int k = below(18), i;

	switch (k) {
	case 0: case 1:
		fz_call_any(fd, blob, bsize);
		break;
	case 2: case 3: case 4:
		fz_call_load(fd, blob);
		break;
	case 5: {
		struct sonde_go go;

		memset(&go, 0, sizeof(go));
		fz_ioctl(fd, SONDE_IOC_GO, &go);
		break;
	}
	case 6: case 7:
		for (i = below(20); i; i--)
			syscall(SYS_getppid, below(4) ? (long)blob : (long)rnd(),
				rnd());
		break;
	case 8: case 9:
		fz_call_drain(fd, blob, bsize);
		break;
	case 10: {
		struct sonde_status s;

		fz_ioctl(fd, SONDE_IOC_STATUS, &s);
		break;
	}
	case 11: {
		struct sonde_stop s;

		fz_ioctl(fd, SONDE_IOC_STOP, &s);
		break;
	}
	case 12:
		fz_call_testrun(fd, blob, bsize);
		break;
	case 13:
		fz_call_probes(fd, blob, bsize);
		break;
	case 14:
		fz_call_uprobe(fd, blob, bsize);
		break;
	case 15:
		fz_call_jhelper(fd, blob, bsize);
		break;
	case 16:
		fz_call_offer(fd, blob, bsize);
		break;
	default: {
		struct sonde_info info;

		fz_ioctl(fd, SONDE_IOC_INFO, &info);
		break;
	}
	}
}

/*
 * An anchor: on its own file, getppid's entry and return (when @syscalls)
 * or BEGIN, a thread-local, armed until the session ends.
 */
static int anchor(struct __test_metadata *_metadata, bool syscalls)
{
	struct sonde_load ld;
	struct sonde_go go;
	struct prog p;
	char log[256];
	int fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return -1;
	prog_init(&p);
	prog_opt(&p, SONDE_OPT_bufsize, 4096);
	/* the deadman must not take it: STATUS now and then too */
	prog_opt(&p, SONDE_OPT_deadman, 3600000);
	prog_ecb(&p, syscalls ? ids[3] : ids[0], 0);
	prog_ecb(&p, syscalls ? ids[4] : ids[0], 0);
	PROG_ADD(&p, vars, .scope = SONDE_VAR_TLS, .type = SONDE_T_INT);
	prog_clause(&p, 0, NULL,
		    "movi r1, 1\n"
		    "stt v0, r1\n"
		    "ret r0\n");
	if (load_prog(fd, &p, &ld, log, sizeof(log)) ||
	    ioctl(fd, SONDE_IOC_GO, &go)) {
		TH_LOG("anchor: %s %s", strerror(errno), log);
		close(fd);
		return -1;
	}
	return fd;
}

/* The other thread: STOP, DRAIN, STATUS and close, on the shared file. */
static void *fz_other(void *arg)
{
	static unsigned char blob[1 << 20] __attribute__((aligned(8)));

	rnd_state = (unsigned long long)(unsigned long)arg | 1;
	while (!atomic_load(&stop_all)) {
		int fd = atomic_load(&shared_fd);

		if (fd < 0) {
			usleep(100);
			continue;
		}
		switch (below(8)) {
		case 0:
			/* close under the other thread's feet */
			if (atomic_compare_exchange_strong(&shared_fd, &fd, -1))
				close(fd);
			break;
		case 1: {
			struct sonde_stop s;

			fz_ioctl(fd, SONDE_IOC_STOP, &s);
			break;
		}
		case 2:
		case 3: {
			struct sonde_drain d;

			memset(&d, 0, sizeof(d));
			d.cpu = below(2);
			d.buf = (__u64)(unsigned long)blob;
			d.buf_size = sizeof(blob);
			fz_ioctl(fd, below(2) ? SONDE_IOC_DRAIN :
				 SONDE_IOC_AGGSNAP, &d);
			break;
		}
		default: {
			struct sonde_status s;

			fz_ioctl(fd, SONDE_IOC_STATUS, &s);
			usleep(below(200));
		}
		}
	}
	return NULL;
}

FIXTURE(fuzz) {
	int unused;
};

FIXTURE_SETUP(fuzz)
{
}

FIXTURE_TEARDOWN(fuzz)
{
}

/* the session bounds itself by its call count; the runner bounds the
 * program (SONDE_TEST_TIMEOUT) */
TEST_F_TIMEOUT(fuzz, ioctl_fuzz_two_threads, 86400)
{
	static unsigned char blob[8 << 20] __attribute__((aligned(8)));
	const char *e = getenv("SONDE_FUZZ_CALLS");
	unsigned long want = e ? strtoul(e, NULL, 0) : 40000;
	unsigned long long seed;
	struct timespec t0, t1;
	pthread_t other;
	char line[512];
	int fd, src, dst, i, anchors[2];
	ssize_t n;

	e = getenv("SONDE_FUZZ_SEED");
	seed = e ? strtoull(e, NULL, 0) : (unsigned long long)time(NULL);
	rnd_state = seed | 1;
	TH_LOG("seed %llu, %lu calls", seed, want);

	/* the user probes' target: a copy of this program, never run */
	snprintf(target, sizeof(target), "/tmp/sonde-fuzz-target.%d",
		 getpid());
	src = open("/proc/self/exe", O_RDONLY);
	dst = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ASSERT_LE(0, src);
	ASSERT_LE(0, dst);
	while ((n = read(src, blob, sizeof(blob))) > 0)
		ASSERT_EQ(n, write(dst, blob, n));
	close(src);
	close(dst);

	fd = cur_fd();
	ASSERT_LE(0, fd);
	ids[0] = probe_id(fd, "dtrace", "", "BEGIN");
	ids[1] = probe_id(fd, "dtrace", "", "END");
	ids[2] = probe_id(fd, "dtrace", "", "ERROR");
	ids[3] = probe_id(fd, "syscall", "getppid", "entry");
	ids[4] = probe_id(fd, "syscall", "getppid", "return");
	for (i = 0; i < 5; i++)
		ASSERT_NE(0, ids[i]);
	anchors[0] = anchor(_metadata, true);
	anchors[1] = anchor(_metadata, false);
	ASSERT_LE(0, anchors[0]);
	ASSERT_LE(0, anchors[1]);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	ASSERT_EQ(0, pthread_create(&other, NULL, fz_other,
				    (void *)(unsigned long)(seed * 7 + 1)));
	while (atomic_load(&ncalls) < want) {
		fd = cur_fd();
		ASSERT_LE(0, fd);
		fz_call(fd, blob, sizeof(blob));
		if (!below(1000)) {
			struct sonde_status s;

			/* alive to the deadman, and still armed */
			for (i = 0; i < 2; i++) {
				ASSERT_EQ(0, ioctl(anchors[i],
						   SONDE_IOC_STATUS, &s));
				ASSERT_EQ(SONDE_ACT_ACTIVE, s.activity);
			}
		}
		if (!below(64)) {
			/* a new file now and then, this thread's way */
			if (atomic_compare_exchange_strong(&shared_fd, &fd, -1))
				close(fd);
		}
	}
	atomic_store(&stop_all, true);
	pthread_join(other, NULL);
	fd = atomic_exchange(&shared_fd, -1);
	if (fd >= 0)
		close(fd);
	close(anchors[0]);
	close(anchors[1]);
	unlink(target);

	line[0] = 0;
	for (i = 0; i < 256; i++) {
		if (!atomic_load(&nerr[i]))
			continue;
		snprintf(line + strlen(line), sizeof(line) - strlen(line),
			 " %s:%lu", strerror(i), atomic_load(&nerr[i]));
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	TH_LOG("%lu calls in %.1f s; errors:%s", atomic_load(&ncalls),
	       (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
	       line);
	/* the module still works */
	fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_NE(0, probe_id(fd, "dtrace", "", "BEGIN"));
	close(fd);
}

TEST_HARNESS_MAIN
