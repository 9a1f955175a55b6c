// SPDX-License-Identifier: GPL-2.0
/*
 * test_trace.c - the module's tracing path end to end, without the
 * compiler or the sonde command: programs written in the VM's assembly
 * (img.h) are loaded, armed, fired by known events, and their records
 * and aggregations drained and checked exactly.
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
	struct trace t;
	struct sonde_rechdr *h;
	struct drain dr;
	struct prog p;
	__u32 begin;
	__u64 val;

	ASSERT_EQ(0, trace_open(&t));
	begin = probe_id(t.fd, "dtrace", "", "BEGIN");
	ASSERT_NE(0, begin);
	prog_init(&p);
	prog_ecb(&p, begin, 0);
	prog_clause(&p, 8, NULL,
		    "movi r1, 42\n"
		    "emit8 r1, 0\n"
		    "movi r2, 7\n"
		    "exit r2\n"
		    "ret r0\n");
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
	struct trace t;
	struct prog p;
	__u64 drops;
	__u32 getppid;
	int cpu, ncpu, i, calls = 0;

	ASSERT_EQ(0, trace_open(&t));
	ncpu = nr_cpus(t.fd);
	getppid = probe_id(t.fd, "syscall", "getppid", "entry");
	ASSERT_NE(0, getppid);
	prog_init(&p);
	prog_ecb(&p, getppid, 0);
	PROG_ADD(&p, consts, getpid());
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_count);
	prog_clause(&p, 0, ASM_PRED_PID_IS_CONST0,
		    "agg @0, r0, r0\n"
		    "ret r0\n");
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
	struct trace t;
	struct sonde_rechdr *h;
	struct drain dr;
	struct prog p;
	int i, nerr = 0, nrec = 0;
	__u64 errors = 0;

	ASSERT_EQ(0, trace_open(&t));
	prog_init(&p);
	prog_ecb(&p, probe_id(t.fd, "syscall", "getppid", "entry"), 0);
	prog_clause(&p, 8, NULL,
		    "movi r1, 0\n"
		    "ldk8 r2, [r1]\n"
		    "emit8 r2, 0\n"
		    "ret r0\n");
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
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	struct sonde_rechdr *h;
	struct drain dr;
	struct prog p;
	char log[512] = "";
	int fd, i, nrec = 0, inorder = 0;
	__u32 getppid;

	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	getppid = probe_id(fd, "syscall", "getppid", "entry");
	ASSERT_NE(0, getppid);
	prog_init(&p);
	prog_ecb(&p, getppid, 0);
	PROG_ADD(&p, consts, getpid());
	prog_clause(&p, 1024, ASM_PRED_PID_IS_CONST0,
		    "ldb r1, arg0\n"
		    "emit8 r1, 0\n"
		    "emit8 r1, 1016\n"
		    "ret r0\n");
	ASSERT_EQ(0, load_prog(fd, &p, &ld, log, sizeof(log))) TH_LOG("%s", log);
	ASSERT_EQ(4 << 20, ld.bufsize);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	pin(0);
	for (i = 0; i < 3000; i++) {
		syscall(SYS_getppid, i);
		if (i % 100 == 99)
			usleep(20000);
	}
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	drain_init(&dr, fd, SONDE_IOC_DRAIN, ld.bufsize);
	ASSERT_EQ(0, drain_cpu(&dr, 0));
	EXPECT_EQ(0, dr.d.drops);
	for_each_rec(h, &dr) {
		__u64 a, b;

		memcpy(&a, h + 1, 8);
		memcpy(&b, (char *)(h + 1) + 1016, 8);
		if (h->epid == 1 && a == b && a == (__u64)nrec)
			inorder++;
		nrec++;
	}
	EXPECT_EQ(3000, nrec);
	EXPECT_EQ(3000, inorder);
	free(dr.buf);
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
	prog_init(&p);
	prog_ecb(&p, probe_id(t.fd, "syscall", "getppid", "entry"), 0);
	PROG_ADD(&p, consts, getpid());
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_max);
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_max);
	PROG_ADD(&p, vars, .scope = SONDE_VAR_TLS, .type = SONDE_T_INT);
	PROG_ADD(&p, vars, .scope = SONDE_VAR_GLOBAL, .type = SONDE_T_INT);
	prog_clause(&p, 0, ASM_PRED_PID_IS_CONST0,
		    "ldt r1, v0\n"		/* self->n++ */
		    "movi r2, 1\n"
		    "add r1, r1, r2\n"
		    "stt v0, r1\n"
		    "agg @0, r0, r1\n"	/* @a = max(self->n) */
		    "ldg r3, v1\n"		/* total++ */
		    "add r3, r3, r2\n"
		    "stg v1, r3\n"
		    "agg @1, r0, r3\n"	/* @b = max(total) */
		    "ret r0\n");
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
	struct trace t;
	struct prog p;

	ASSERT_EQ(0, trace_open(&t));
	prog_init(&p);
	prog_opt(&p, SONDE_OPT_deadman, 1000);
	prog_ecb(&p, probe_id(t.fd, "syscall", "getppid", "entry"), 0);
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_count);
	prog_clause(&p, 0, NULL,
		    "agg @0, r0, r0\n"
		    "ret r0\n");
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
	struct trace t;
	struct sonde_rechdr *h;
	struct drain dr;
	struct prog p;
	int nerr = 0, nerrprobe = 0, nrec = 0;
	__u32 error, c;

	ASSERT_EQ(0, trace_open(&t));
	prog_init(&p);
	prog_ecb(&p, probe_id(t.fd, "syscall", "getppid", "entry"), 0);
	error = probe_id(t.fd, "dtrace", "", "ERROR");
	ASSERT_NE(0, error);
	prog_ecb(&p, error, 1);
	c = prog_clause(&p, 16, NULL,
			"movi r1, 1\n"		/* action #1 */
			"emit8 r1, 0\n"
			"movi r2, 0\n"		/* action #2 */
			"ldk8 r3, [r2]\n"
			"emit8 r3, 8\n"
			"ret r0\n");
	p.clauses[c].acts_off = PROG_ADD(&p, acts, 0);
	PROG_ADD(&p, acts, 2);
	p.clauses[c].nacts = 2;
	prog_clause(&p, 40, NULL,		/* ERROR */
		    "ldb r1, arg1\n"
		    "emit8 r1, 0\n"
		    "ldb r1, arg2\n"
		    "emit8 r1, 8\n"
		    "ldb r1, arg3\n"
		    "emit8 r1, 16\n"
		    "ldb r1, arg4\n"
		    "emit8 r1, 24\n"
		    "ldb r1, arg5\n"
		    "emit8 r1, 32\n"
		    "ret r0\n");
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
	struct prog_code self, act;
	struct trace t;
	struct sonde_rechdr *h;
	struct drain dr;
	struct prog p;
	int i, n = 0;
	__u64 seen[100] = { 0 }, v;

	ASSERT_EQ(0, trace_open(&t));
	prog_init(&p);
	for (i = 0; i < 4; i++)
		prog_ecb(&p, probe_id(t.fd, "syscall", "getppid", "entry"), i);
	PROG_ADD(&p, consts, getpid());
	PROG_ADD(&p, vars, .scope = SONDE_VAR_GLOBAL, .type = SONDE_T_INT);
	/* the first two clauses share the predicate pid == self */
	self = prog_asm(&p, ASM_PRED_PID_IS_CONST0);
	act = prog_asm(&p,			/* g = speculation() */
		       "call r1, speculation, r0, 0\n"
		       "stg v0, r1\n"
		       "ret r0\n");
	prog_clause_at(&p, 0, self, act);
	act = prog_asm(&p,			/* speculate(g); trace(arg0) */
		       "ldg r1, v0\n"
		       "call r2, speculate, r1, 1\n"
		       "ldb r3, arg0\n"
		       "emit8 r3, 0\n"
		       "ret r0\n");
	prog_clause_at(&p, 8, self, act);
	prog_clause(&p, 0,			/* pid == self && arg0 & 1 */
		    "ldb r1, pid\n"
		    "ldc r2, #0\n"
		    "seteq r3, r1, r2\n"
		    "ldb r4, arg0\n"
		    "movi r5, 1\n"
		    "and r4, r4, r5\n"
		    "and r3, r3, r4\n"
		    "ret r3\n",
		    "ldg r1, v0\n"		/* commit(g) */
		    "call r2, commit, r1, 1\n"
		    "ret r0\n");
	prog_clause(&p, 0,			/* pid == self && !(arg0 & 1) */
		    "ldb r1, pid\n"
		    "ldc r2, #0\n"
		    "seteq r3, r1, r2\n"
		    "ldb r4, arg0\n"
		    "movi r5, 1\n"
		    "and r4, r4, r5\n"
		    "lnot r4, r4\n"
		    "and r3, r3, r4\n"
		    "ret r3\n",
		    "ldg r1, v0\n"		/* discard(g) */
		    "call r2, discard, r1, 1\n"
		    "ret r0\n");
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
	struct trace t;
	struct sonde_aggrec *r;
	struct drain dr;
	struct prog p;
	long long prof[4][4] = { { 0 } }, ticks = 0, tick_cpus = 0, v;
	int cpu, ncpu, i;
	__u32 prof997, tick;
	time_t end;

	ASSERT_EQ(0, trace_open(&t));
	ncpu = nr_cpus(t.fd);
	prof997 = probe_id(t.fd, "profile", "", "profile-997");
	tick = probe_id(t.fd, "profile", "", "tick-100ms");
	ASSERT_NE(0, prof997);
	ASSERT_NE(0, tick);	/* created on demand */
	prog_init(&p);
	prog_ecb(&p, prof997, 0);
	prog_ecb(&p, tick, 1);
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_count, .nkeys = 2, .keys_off = 0);
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_count, .nkeys = 1, .keys_off = 2);
	for (i = 0; i < 3; i++)
		PROG_ADD(&p, keys, SONDE_T_INT);
	prog_clause(&p, 0, NULL,
		    "ldb r1, cpu\n"
		    "ldb r3, arg0\n"
		    "setne r3, r3, r0\n"	/* r0 is 0 */
		    "ldb r4, arg1\n"
		    "setne r4, r4, r0\n"
		    "add r4, r4, r4\n"
		    "add r2, r3, r4\n"
		    "agg @0, r1, r0\n"
		    "ret r0\n");
	prog_clause(&p, 0, NULL,
		    "ldb r1, cpu\n"
		    "agg @1, r1, r0\n"
		    "ret r0\n");
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
	struct sonde_load ld;
	struct sonde_go go;
	struct prog p;
	char log[512] = "";
	int fd, i, round;

	for (round = 0; round < 20; round++) {
		fd = open(SONDE_DEVICE_PATH, O_RDWR);
		ASSERT_LE(0, fd);
		prog_init(&p);
		prog_ecb(&p, probe_id(fd, "syscall", "getppid", "entry"), 0);
		PROG_ADD(&p, aggs, .fn = SONDE_AGG_count);
		prog_clause(&p, 0, NULL,
			    "agg @0, r0, r0\n"
			    "ret r0\n");
		ASSERT_EQ(0, load_prog(fd, &p, &ld, log, sizeof(log)));
		prog_free(&p);
		ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
		for (i = 0; i < 100; i++)
			syscall(SYS_getppid);
		close(fd);
	}
}

TEST_HARNESS_MAIN
