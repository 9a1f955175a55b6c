// SPDX-License-Identifier: GPL-2.0
/*
 * test_trace.c - the module's tracing path end to end, without the
 * compiler or the sonde command: hand-built programs are loaded, armed,
 * fired by known events, and their records and aggregations drained and
 * checked exactly.
 *
 * Runs as root in the test guest (2 vCPUs) with sonde.ko loaded.
 */
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <sched.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde.h"

#include "sonde_test.h"

/* BEGIN records a constant and calls exit(7): record and status arrive. */
TEST(begin_record_and_exit)
{
	struct sonde_ecb ecb = { 0 };
	struct sonde_clause cl = { .act_len = 4, .rec_size = 8 };
	struct sonde_insn insns[] = {
		INSN(SONDE_OP_MOVI, 1, 0, 0, 42),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_MOVI, 2, 0, 0, 7),
		INSN(SONDE_OP_EXIT, 0, 2, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct trace t;
	struct sonde_rechdr *h;
	struct drain dr;
	struct prog p;
	__u64 val;

	cl.act_len = 5;
	ASSERT_EQ(0, trace_open(&t));
	ecb.probe_id = probe_id(t.fd, "dtrace", "", "BEGIN");
	ASSERT_NE(0, ecb.probe_id);
	p = (struct prog){ .ecbs = &ecb, .necbs = 1,
			   .clauses = &cl, .nclauses = 1,
			   .insns = insns, .ninsns = 5 };
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	ASSERT_EQ(0, trace_status(&t));
	EXPECT_EQ(SONDE_ACT_DRAINING, t.st.activity);
	EXPECT_EQ(7, t.st.exit_status);

	drain_init(&dr, t.fd, SONDE_IOC_DRAIN, t.ld.bufsize);
	ASSERT_EQ(0, drain_cpu(&dr, t.go.begin_cpu));
	ASSERT_EQ(sizeof(*h) + 8, dr.d.size);
	h = dr.buf;
	EXPECT_EQ(1, h->epid);
	EXPECT_EQ(sizeof(*h) + 8, h->size);
	EXPECT_NE(0, h->timestamp);
	memcpy(&val, h + 1, 8);
	EXPECT_EQ(42, val);
	EXPECT_EQ(0, dr.d.drops);
	EXPECT_EQ(0, ioctl(t.fd, SONDE_IOC_STOP, &t.stop));
	/* a second STOP is refused, not a crash */
	EXPECT_EQ(-1, ioctl(t.fd, SONDE_IOC_STOP, &t.stop));
	EXPECT_EQ(EALREADY, errno);
	free(dr.buf);
	close(t.fd);
}

/*
 * syscall::getppid:entry /pid == self/ { @ = count(); }: the count is
 * exact, with calls made from every CPU.
 */
TEST(getppid_count_exact_all_cpus)
{
	struct sonde_ecb ecb = { 0 };
	struct sonde_clause cl = { .pred_off = 0, .pred_len = 4,
				   .act_off = 4, .act_len = 2 };
	struct sonde_agg_desc ad = { .fn = SONDE_AGG_count };
	__u64 consts[1];
	struct sonde_insn insns[] = {
		INSNS_PRED_PID_IS_CONST0,
		INSN(SONDE_OP_AGG, 0, 0, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct trace t;
	struct prog p;
	__u64 drops;
	int cpu, ncpu, i, calls = 0;

	ASSERT_EQ(0, trace_open(&t));
	ncpu = nr_cpus(t.fd);
	ecb.probe_id = probe_id(t.fd, "syscall", "getppid", "entry");
	ASSERT_NE(0, ecb.probe_id);
	consts[0] = getpid();
	p = (struct prog){ .ecbs = &ecb, .necbs = 1,
			   .clauses = &cl, .nclauses = 1,
			   .insns = insns, .ninsns = 6,
			   .consts = consts, .nconsts = 1,
			   .aggs = &ad, .naggs = 1 };
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	for (cpu = 0; cpu < ncpu; cpu++) {
		pin(cpu);
		for (i = 0; i < 1000; i++, calls++)
			syscall(SYS_getppid);
	}
	ASSERT_EQ(0, trace_stop(&t));
	EXPECT_EQ(calls, agg_total(t.fd, t.ld.aggsize, &drops));
	EXPECT_EQ(0, drops);
	close(t.fd);
}

/*
 * A clause that loads from address 0 faults: an ERROR record names the
 * enabling, the instruction and the address, nothing else is recorded,
 * and the next firing faults the same way rather than breaking anything.
 */
TEST(fault_gives_error_record)
{
	struct sonde_ecb ecb = { 0 };
	struct sonde_clause cl = { .act_len = 4, .rec_size = 8 };
	struct sonde_insn insns[] = {
		INSN(SONDE_OP_MOVI, 1, 0, 0, 0),
		INSN(SONDE_OP_LDK8, 2, 1, 0, 0),
		INSN(SONDE_OP_EMIT8, 0, 2, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct trace t;
	struct sonde_rechdr *h;
	struct drain dr;
	struct prog p;
	int i, nerr = 0, nrec = 0;
	__u64 errors = 0;

	ASSERT_EQ(0, trace_open(&t));
	ecb.probe_id = probe_id(t.fd, "syscall", "getppid", "entry");
	p = (struct prog){ .ecbs = &ecb, .necbs = 1,
			   .clauses = &cl, .nclauses = 1,
			   .insns = insns, .ninsns = 4 };
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	pin(0);
	for (i = 0; i < 3; i++)
		syscall(SYS_getppid);
	ASSERT_EQ(0, trace_stop(&t));
	for_each_drain(&dr, t.fd, SONDE_IOC_DRAIN, t.ld.bufsize) {
		errors += dr.d.errors;
		for_each_rec(h, &dr) {
			struct sonde_errrec *e = (void *)(h + 1);

			if (h->epid != SONDE_EPID_ERROR) {
				nrec++;
				continue;
			}
			EXPECT_EQ(1, e->epid);
			EXPECT_EQ(1, e->where);
			EXPECT_EQ(1, e->pc);
			EXPECT_EQ(SONDE_FLT_BADADDR, e->fault);
			EXPECT_EQ(0, e->addr);
			nerr++;
		}
	}
	/* other processes call getppid too: at least our three */
	EXPECT_LE(3, nerr);
	EXPECT_EQ(nerr, errors);
	EXPECT_EQ(0, nrec);
	close(t.fd);
}

/*
 * The principal buffer holds bufsize bytes of records per CPU between
 * drains, as DTrace's, though its areas are mapped as they fill: 3000
 * records of a kilobyte (3 MB of the default 4 MB, twelve times the
 * first mapping), made in bursts with pauses for the buffer to grow,
 * are all there at the end, none dropped.
 */
TEST(principal_buffer_holds_bufsize)
{
	struct sonde_ecb ecb = { 0 };
	struct sonde_clause cl = { .pred_len = 4, .pred_off = 0, .act_off = 4,
				   .act_len = 4, .rec_size = 1024 };
	struct sonde_insn insns[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_pid),
		INSN(SONDE_OP_LDC, 2, 0, 0, 0),
		INSN(SONDE_OP_SETEQ, 3, 1, 2, 0),
		INSN(SONDE_OP_RET, 0, 3, 0, 0),
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg0),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 1016),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	__u64 consts[1] = { getpid() };
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	struct sonde_drain d;
	struct img m;
	char log[512] = "", *buf;
	int fd, i, nrec = 0, inorder = 0;
	__u64 off;

	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	ecb.probe_id = probe_id(fd, "syscall", "getppid", "entry");
	ASSERT_NE(0, ecb.probe_id);
	img_init(&m);
	img_sect(&m, SONDE_SECT_ECBS, &ecb, sizeof(ecb), 1);
	img_sect(&m, SONDE_SECT_CLAUSES, &cl, sizeof(cl), 1);
	img_sect(&m, SONDE_SECT_INSNS, insns, sizeof(insns[0]), 8);
	img_sect(&m, SONDE_SECT_CONSTS, consts, 8, 1);
	ASSERT_EQ(0, load(fd, &m, &ld, log, sizeof(log))) TH_LOG("%s", log);
	ASSERT_EQ(4 << 20, ld.bufsize);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	pin(0);
	for (i = 0; i < 3000; i++) {
		syscall(SYS_getppid, i);
		if (i % 100 == 99)
			usleep(20000);
	}
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	buf = malloc(ld.bufsize);
	memset(&d, 0, sizeof(d));
	d.cpu = 0;
	d.buf = (__u64)(unsigned long)buf;
	d.buf_size = ld.bufsize;
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_DRAIN, &d));
	EXPECT_EQ(0, d.drops);
	for (off = 0; off < d.size;) {
		struct sonde_rechdr *h = (void *)(buf + off);
		__u64 a, b;

		memcpy(&a, h + 1, 8);
		memcpy(&b, (char *)(h + 1) + 1016, 8);
		if (h->epid == 1 && a == b && a == (__u64)nrec)
			inorder++;
		nrec++;
		off += h->size;
	}
	EXPECT_EQ(3000, nrec);
	EXPECT_EQ(3000, inorder);
	free(buf);
	close(fd);
}

/*
 * syscall::getppid:entry /pid == self/ { self->n++; @ = max(self->n); }
 * from two threads, 100 and 40 calls: thread-locals never mix, so the
 * maximum is exactly 100; a global counter sees all 140.
 */
struct caller {
	int calls;
};

static void *call_getppid(void *arg)
{
	struct caller *c = arg;
	int i;

	for (i = 0; i < c->calls; i++)
		syscall(SYS_getppid);
	return NULL;
}

TEST(thread_locals_per_thread)
{
	struct sonde_ecb ecb = { 0 };
	struct sonde_clause cl = { .pred_off = 0, .pred_len = 4,
				   .act_off = 4, .act_len = 10 };
	struct sonde_agg_desc ad[2] = { { .fn = SONDE_AGG_max },
					{ .fn = SONDE_AGG_max } };
	struct sonde_var_desc vars[2] = {
		{ .scope = SONDE_VAR_TLS, .type = SONDE_T_INT },
		{ .scope = SONDE_VAR_GLOBAL, .type = SONDE_T_INT },
	};
	__u64 consts[1];
	struct sonde_insn insns[] = {
		INSNS_PRED_PID_IS_CONST0,
		INSN(SONDE_OP_LDT, 1, 0, 0, 0),		/* self->n++ */
		INSN(SONDE_OP_MOVI, 2, 0, 0, 1),
		INSN(SONDE_OP_ADD, 1, 1, 2, 0),
		INSN(SONDE_OP_STT, 0, 1, 0, 0),
		INSN(SONDE_OP_AGG, 0, 0, 1, 0),		/* @a = max(self->n) */
		INSN(SONDE_OP_LDG, 3, 0, 0, 1),		/* total++ */
		INSN(SONDE_OP_ADD, 3, 3, 2, 0),
		INSN(SONDE_OP_STG, 0, 3, 0, 1),
		INSN(SONDE_OP_AGG, 0, 0, 3, 1),		/* @b = max(total) */
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct caller a = { 100 }, b = { 40 };
	struct sonde_drain sd = { .cpu = 0 };
	struct trace t;
	struct sonde_aggrec *r;
	char *small;
	struct drain dr;
	struct prog p;
	pthread_t ta, tb;
	long long maxv[2] = { 0, 0 }, v;

	ASSERT_EQ(0, trace_open(&t));
	ecb.probe_id = probe_id(t.fd, "syscall", "getppid", "entry");
	consts[0] = getpid();
	p = (struct prog){ .ecbs = &ecb, .necbs = 1,
			   .clauses = &cl, .nclauses = 1,
			   .insns = insns, .ninsns = 14,
			   .consts = consts, .nconsts = 1,
			   .aggs = ad, .naggs = 2, .vars = vars, .nvars = 2 };
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	pthread_create(&ta, NULL, call_getppid, &a);
	pthread_join(ta, NULL);
	pthread_create(&tb, NULL, call_getppid, &b);
	pthread_join(tb, NULL);
	ASSERT_EQ(0, trace_stop(&t));

	/* a buffer smaller than aggsize is refused, as uapi/sonde.h says,
	 * though an area holds records only (its hash table is apart) */
	small = malloc(t.ld.aggsize);
	ASSERT_NE(NULL, small);
	sd.buf = (uintptr_t)small;
	sd.buf_size = t.ld.aggsize - 8;
	EXPECT_EQ(-1, ioctl(t.fd, SONDE_IOC_AGGSNAP, &sd));
	EXPECT_EQ(ENOSPC, errno);
	free(small);

	for_each_drain(&dr, t.fd, SONDE_IOC_AGGSNAP, t.ld.aggsize) {
		for_each_rec(r, &dr) {
			memcpy(&v, r + 1, sizeof(v));
			if (r->aggid < 2 && v > maxv[r->aggid])
				maxv[r->aggid] = v;
		}
	}
	EXPECT_EQ(100, maxv[0]);
	EXPECT_EQ(140, maxv[1]);
	close(t.fd);
}

/*
 * The deadman: a consumer that stops draining (deadman=1000 ms here) is
 * aborted within about a second more, and stays aborted; STOP then works
 * and fires no END.
 */
TEST(deadman_aborts_silent_consumer)
{
	struct sonde_ecb ecb = { 0 };
	struct sonde_clause cl = { .act_len = 2 };
	struct sonde_agg_desc ad = { .fn = SONDE_AGG_count };
	struct sonde_opt opt = { .id = SONDE_OPT_deadman, .value = 1000 };
	struct sonde_insn insns[] = {
		INSN(SONDE_OP_AGG, 0, 0, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct trace t;
	struct prog p;

	ASSERT_EQ(0, trace_open(&t));
	ecb.probe_id = probe_id(t.fd, "syscall", "getppid", "entry");
	p = (struct prog){ .opts = &opt, .nopts = 1, .ecbs = &ecb, .necbs = 1,
			   .clauses = &cl, .nclauses = 1,
			   .insns = insns, .ninsns = 2,
			   .aggs = &ad, .naggs = 1 };
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	ASSERT_EQ(0, trace_status(&t));
	EXPECT_EQ(SONDE_ACT_ACTIVE, t.st.activity);
	sleep(3);
	ASSERT_EQ(0, trace_status(&t));
	EXPECT_EQ(SONDE_ACT_KILLED, t.st.activity);
	EXPECT_EQ(0, ioctl(t.fd, SONDE_IOC_STOP, &t.stop));
	ASSERT_EQ(0, trace_status(&t));
	EXPECT_EQ(SONDE_ACT_KILLED, t.st.activity);
	close(t.fd);
}

/*
 * dtrace:::ERROR { trace(arg1..arg5) } sees DTrace's arguments for a fault
 * in action #2 of a getppid clause: the enabled probe id, the action
 * index, the byte offset of the instruction, the fault and the address;
 * the ERROR record names action #2 too.
 */
TEST(error_probe_arguments)
{
	struct sonde_ecb ecbs[2] = { { 0 } };
	struct sonde_clause cls[2] = {
		{ .act_off = 0, .act_len = 6, .rec_size = 16, .acts_off = 0,
		  .nacts = 2 },
		{ .act_off = 6, .act_len = 11, .rec_size = 40 },
	};
	__u32 acts[2] = { 0, 2 };
	struct sonde_insn insns[] = {
		INSN(SONDE_OP_MOVI, 1, 0, 0, 1),	/* action #1 */
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_MOVI, 2, 0, 0, 0),	/* action #2 */
		INSN(SONDE_OP_LDK8, 3, 2, 0, 0),
		INSN(SONDE_OP_EMIT8, 0, 3, 0, 8),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg1),	/* ERROR */
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 0),
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg2),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 8),
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg3),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 16),
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg4),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 24),
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg5),
		INSN(SONDE_OP_EMIT8, 0, 1, 0, 32),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct trace t;
	struct sonde_rechdr *h;
	struct drain dr;
	struct prog p;
	int nerr = 0, nerrprobe = 0, nrec = 0;

	ASSERT_EQ(0, trace_open(&t));
	ecbs[0].probe_id = probe_id(t.fd, "syscall", "getppid", "entry");
	ecbs[1].probe_id = probe_id(t.fd, "dtrace", "", "ERROR");
	ASSERT_NE(0, ecbs[1].probe_id);
	ecbs[1].clause = 1;
	p = (struct prog){ .ecbs = ecbs, .necbs = 2,
			   .clauses = cls, .nclauses = 2,
			   .insns = insns, .ninsns = 17,
			   .acts = acts, .nacts = 2 };
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	pin(0);
	syscall(SYS_getppid);
	ASSERT_EQ(0, trace_stop(&t));
	drain_init(&dr, t.fd, SONDE_IOC_DRAIN, t.ld.bufsize);
	ASSERT_EQ(0, drain_cpu(&dr, 0));
	for_each_rec(h, &dr) {
		__u64 *v = (__u64 *)(h + 1);

		if (h->epid == SONDE_EPID_ERROR) {
			struct sonde_errrec *e = (void *)(h + 1);

			if (e->epid == 1) {
				EXPECT_EQ(2, e->action);
				EXPECT_EQ(3, e->pc);
				nerr++;
			}
		} else if (h->epid == 2) {
			EXPECT_EQ(1, v[0]);
			EXPECT_EQ(2, v[1]);
			EXPECT_EQ(3 * sizeof(struct sonde_insn), v[2]);
			EXPECT_EQ(SONDE_FLT_BADADDR, v[3]);
			EXPECT_EQ(0, v[4]);
			nerrprobe++;
		} else {
			nrec++;
		}
	}
	EXPECT_LE(1, nerr);
	EXPECT_EQ(nerr, nerrprobe);
	EXPECT_EQ(0, nrec);	/* the faulting clause's record is dropped */
	free(dr.buf);
	close(t.fd);
}

/*
 * Speculation: for getppid(i), i = 0..99,
 *	{ g = speculation(); }  { speculate(g); trace(arg0); }
 *	/arg0 & 1/ { commit(g); }  /!(arg0 & 1)/ { discard(g); }
 * delivers exactly the 50 odd values, once each.
 */
TEST(speculation_commit_discard)
{
	static __u64 consts[1];
	struct sonde_ecb ecbs[4] = { { 0 } };
	/* every clause: pred (pid == self [&& parity]) at 0.., actions */
	struct sonde_clause cls[4] = {
		{ .pred_off = 0, .pred_len = 4, .act_off = 4, .act_len = 3 },
		{ .pred_off = 0, .pred_len = 4, .act_off = 7, .act_len = 5,
		  .rec_size = 8 },
		{ .pred_off = 12, .pred_len = 8, .act_off = 20, .act_len = 3 },
		{ .pred_off = 23, .pred_len = 9, .act_off = 32, .act_len = 3 },
	};
	struct sonde_var_desc var = { .scope = SONDE_VAR_GLOBAL,
				      .type = SONDE_T_INT };
	struct sonde_insn insns[] = {
		/* 0: pred pid == self */
		INSNS_PRED_PID_IS_CONST0,
		/* 4: g = speculation() */
		INSN(SONDE_OP_CALL, 1, 0, 0, SONDE_SUBR_speculation),
		INSN(SONDE_OP_STG, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
		/* 7: speculate(g); trace(arg0) */
		INSN(SONDE_OP_LDG, 1, 0, 0, 0),
		INSN(SONDE_OP_CALL, 2, 1, 1, SONDE_SUBR_speculate),
		INSN(SONDE_OP_LDB, 3, 0, 0, SONDE_B_arg0),
		INSN(SONDE_OP_EMIT8, 0, 3, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
		/* 12: pred pid == self && arg0 & 1 */
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_pid),
		INSN(SONDE_OP_LDC, 2, 0, 0, 0),
		INSN(SONDE_OP_SETEQ, 3, 1, 2, 0),
		INSN(SONDE_OP_LDB, 4, 0, 0, SONDE_B_arg0),
		INSN(SONDE_OP_MOVI, 5, 0, 0, 1),
		INSN(SONDE_OP_AND, 4, 4, 5, 0),
		INSN(SONDE_OP_AND, 3, 3, 4, 0),
		INSN(SONDE_OP_RET, 0, 3, 0, 0),
		/* 20: commit(g) */
		INSN(SONDE_OP_LDG, 1, 0, 0, 0),
		INSN(SONDE_OP_CALL, 2, 1, 1, SONDE_SUBR_commit),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
		/* 23: pred pid == self && !(arg0 & 1) */
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_pid),
		INSN(SONDE_OP_LDC, 2, 0, 0, 0),
		INSN(SONDE_OP_SETEQ, 3, 1, 2, 0),
		INSN(SONDE_OP_LDB, 4, 0, 0, SONDE_B_arg0),
		INSN(SONDE_OP_MOVI, 5, 0, 0, 1),
		INSN(SONDE_OP_AND, 4, 4, 5, 0),
		INSN(SONDE_OP_LNOT, 4, 4, 0, 0),
		INSN(SONDE_OP_AND, 3, 3, 4, 0),
		INSN(SONDE_OP_RET, 0, 3, 0, 0),
		/* 32: discard(g) */
		INSN(SONDE_OP_LDG, 1, 0, 0, 0),
		INSN(SONDE_OP_CALL, 2, 1, 1, SONDE_SUBR_discard),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct trace t;
	struct sonde_rechdr *h;
	struct drain dr;
	struct prog p;
	int i, n = 0;
	__u64 seen[100] = { 0 }, v;

	ASSERT_EQ(0, trace_open(&t));
	for (i = 0; i < 4; i++) {
		ecbs[i].probe_id = probe_id(t.fd, "syscall", "getppid", "entry");
		ecbs[i].clause = i;
	}
	consts[0] = getpid();
	p = (struct prog){ .ecbs = ecbs, .necbs = 4,
			   .clauses = cls, .nclauses = 4,
			   .insns = insns, .ninsns = ARRAY_SIZE(insns),
			   .consts = consts, .nconsts = 1,
			   .vars = &var, .nvars = 1 };
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	for (i = 0; i < 100; i++)
		syscall(SYS_getppid, i);
	ASSERT_EQ(0, trace_status(&t));
	EXPECT_EQ(0, t.st.specdrops);
	EXPECT_EQ(0, t.st.specbusy);
	EXPECT_EQ(0, t.st.errors);
	ASSERT_EQ(0, trace_stop(&t));
	for_each_drain(&dr, t.fd, SONDE_IOC_DRAIN, t.ld.bufsize) {
		for_each_rec(h, &dr) {
			memcpy(&v, h + 1, 8);
			EXPECT_EQ(2, h->epid);
			if (v < 100)
				seen[v]++;
			n++;
		}
	}
	EXPECT_EQ(50, n);
	for (i = 0; i < 100; i++)
		EXPECT_EQ(i & 1, seen[i]);
	close(t.fd);
}

/*
 * profile-997 fires on every CPU, tick-100ms on one; each firing has
 * exactly one of arg0 (kernel PC) and arg1 (user PC) set.  @[cpu, n] =
 * count() with n = (arg0 != 0) + 2 * (arg1 != 0) for the profile probe.
 */
TEST(profile_and_tick)
{
	struct sonde_ecb ecbs[2] = { { 0 } };
	struct sonde_clause cls[2] = {
		{ .act_off = 0, .act_len = 9 },
		{ .act_off = 9, .act_len = 3 },
	};
	struct sonde_agg_desc ads[2] = {
		{ .fn = SONDE_AGG_count, .nkeys = 2, .keys_off = 0 },
		{ .fn = SONDE_AGG_count, .nkeys = 1, .keys_off = 2 },
	};
	__u32 keys[3] = { SONDE_T_INT, SONDE_T_INT, SONDE_T_INT };
	struct sonde_insn insns[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_cpu),
		INSN(SONDE_OP_LDB, 3, 0, 0, SONDE_B_arg0),
		INSN(SONDE_OP_SETNE, 3, 3, 0, 0),	/* r0 is 0 */
		INSN(SONDE_OP_LDB, 4, 0, 0, SONDE_B_arg1),
		INSN(SONDE_OP_SETNE, 4, 4, 0, 0),
		INSN(SONDE_OP_ADD, 4, 4, 4, 0),
		INSN(SONDE_OP_ADD, 2, 3, 4, 0),
		INSN(SONDE_OP_AGG, 0, 1, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_cpu),
		INSN(SONDE_OP_AGG, 0, 1, 0, 1),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct trace t;
	struct sonde_aggrec *r;
	struct drain dr;
	struct prog p;
	long long prof[4][4] = { { 0 } }, ticks = 0, tick_cpus = 0, v;
	int cpu, ncpu, i;
	time_t end;

	ASSERT_EQ(0, trace_open(&t));
	ncpu = nr_cpus(t.fd);
	ecbs[0].probe_id = probe_id(t.fd, "profile", "", "profile-997");
	ecbs[1].probe_id = probe_id(t.fd, "profile", "", "tick-100ms");
	ASSERT_NE(0, ecbs[0].probe_id);
	ASSERT_NE(0, ecbs[1].probe_id);	/* created on demand */
	ecbs[1].clause = 1;
	p = (struct prog){ .ecbs = ecbs, .necbs = 2,
			   .clauses = cls, .nclauses = 2,
			   .insns = insns, .ninsns = 12,
			   .aggs = ads, .naggs = 2, .keys = keys, .nkeys = 3 };
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	/* keep both CPUs busy, half in user mode, half in the kernel */
	end = time(NULL) + 2;
	if (fork() == 0) {
		pin(1);
		while (time(NULL) < end)
			syscall(SYS_getppid);
		_exit(0);
	}
	pin(0);
	for (i = 0; time(NULL) < end; i++)
		;
	wait(NULL);
	ASSERT_EQ(0, trace_stop(&t));
	for_each_drain(&dr, t.fd, SONDE_IOC_AGGSNAP, t.ld.aggsize) {
		for_each_rec(r, &dr) {
			__u64 *k = (__u64 *)(r + 1);

			if (r->aggid == 0) {
				memcpy(&v, k + 2, 8);
				if (k[0] < 4 && k[1] < 4)
					prof[k[0]][k[1]] += v;
			} else {
				memcpy(&v, k + 1, 8);
				ticks += v;
				tick_cpus++;
			}
		}
	}
	for (cpu = 0; cpu < ncpu && cpu < 4; cpu++) {
		TH_LOG("cpu %d: kernel %lld user %lld neither %lld both %lld",
		       cpu, prof[cpu][1], prof[cpu][2], prof[cpu][0],
		       prof[cpu][3]);
		EXPECT_LT(0, prof[cpu][1] + prof[cpu][2]);
		EXPECT_EQ(0, prof[cpu][3]);
	}
	/* 2 s at 10 Hz on one CPU (TCG timers are coarse: be lenient) */
	EXPECT_LE(5, ticks);
	EXPECT_GE(40, ticks);
	EXPECT_EQ(1, tick_cpus);
	close(t.fd);
}

/* Closing a tracing fd mid-run disarms everything (kill -9 is a close). */
TEST(close_while_armed)
{
	struct sonde_ecb ecb = { 0 };
	struct sonde_clause cl = { .act_len = 2 };
	struct sonde_agg_desc ad = { .fn = SONDE_AGG_count };
	struct sonde_insn insns[] = {
		INSN(SONDE_OP_AGG, 0, 0, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct sonde_load ld;
	struct sonde_go go;
	struct prog p;
	char log[512] = "";
	int fd, i, round;

	for (round = 0; round < 20; round++) {
		fd = open(SONDE_DEVICE_PATH, O_RDWR);
		ASSERT_LE(0, fd);
		ecb.probe_id = probe_id(fd, "syscall", "getppid", "entry");
		p = (struct prog){ .ecbs = &ecb, .necbs = 1,
				   .clauses = &cl, .nclauses = 1,
				   .insns = insns, .ninsns = 2,
				   .aggs = &ad, .naggs = 1 };
		ASSERT_EQ(0, load_prog(fd, &p, &ld, log, sizeof(log)));
		ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
		for (i = 0; i < 100; i++)
			syscall(SYS_getppid);
		close(fd);
	}
}

TEST_HARNESS_MAIN
