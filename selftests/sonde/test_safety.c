// SPDX-License-Identifier: GPL-2.0
/*
 * test_safety.c - what keeps a program, from the compiler or from any
 * other ioctl client, from harming the kernel: each rule the module
 * enforces at LOAD, shown with an image written to break it (img.h; the
 * code in the VM's assembly), refused with its errno and a log line
 * naming the reason, and the limits that bound a firing's time and a
 * consumer's memory.
 *
 *  - llquantize() parameters DTrace refuses (an update once wrote past
 *    the value), commit() in a clause that records (the principal
 *    buffer's offset once ran past its end);
 *  - the firing budget of one clause, of every consumer on one probe,
 *    and the cap on enablings per probe;
 *  - buffers and pools larger than the memory available (refused, never
 *    an OOM kill), sizes rounded to whole words, a dynvarsize too small;
 *  - memory reserved across consumers: the one whose buffers would take
 *    the sum past half of the machine's memory is refused at LOAD, the
 *    others grow to full size after GO without an OOM kill, and closing
 *    one gives its reservation back;
 *  - scratchsize past what the page allocator gives in one piece;
 *  - teardown of armed tracepoint probes, over and over (handlers of
 *    _rcuidle sites run under SRCU, which sonde now waits for);
 *  - a thread's exit, which frees its thread-locals with preemption off,
 *    in time linear in them whatever other threads hold, and frees them
 *    all.
 *
 * Runs as root in the test guest with sonde.ko loaded; the runner fails
 * the run on any kernel BUG/WARNING/Oops (and an OOM kill is a test
 * failure here: the process would not survive to report).
 */
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <sys/klog.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde_test.h"

#define LOG_SIZE	4096

/*
 * Lay out @p's image with @necbs enablings of @probe, all running one
 * clause of every instruction @p has (the test assembled them), recording
 * @rec bytes.  The enablings and the clause are made anew each time; the
 * options, code and other tables stay.
 */
static void build(struct prog *p, __u32 probe, __u32 necbs, __u32 rec)
{
	struct prog_code code = { 0, p->ninsns };
	__u32 i;

	p->necbs = 0;
	p->nclauses = 0;
	for (i = 0; i < necbs; i++)
		prog_ecb(p, probe, 0);
	prog_clause_at(p, rec, (struct prog_code){ 0, 0 }, code);
	prog_image(p);
}

FIXTURE(safety) {
	int fd;
	__u32 getppid_id, begin_id;
	char log[LOG_SIZE];
	struct sonde_load ld;
	struct prog p;
};

FIXTURE_SETUP(safety)
{
	self->fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd);
	self->getppid_id = probe_id(self->fd, "syscall", "getppid", "entry");
	self->begin_id = probe_id(self->fd, "dtrace", "", "BEGIN");
	ASSERT_NE(0, self->getppid_id);
	ASSERT_NE(0, self->begin_id);
	prog_init(&self->p);
}

FIXTURE_TEARDOWN(safety)
{
	if (self->fd >= 0)
		close(self->fd);
	prog_free(&self->p);
}

/* LOAD self->p on @fd: 0 or the errno, the log in self->log. */
static int load_sprog(FIXTURE_DATA(safety) *self, int fd)
{
	memset(self->log, 0, sizeof(self->log));
	return load_img(fd, self->p.img, self->p.len, &self->ld, self->log,
			sizeof(self->log));
}

#define REFUSED(err, substr)						\
	do {								\
		int got_ = load_sprog(self, self->fd);			\
									\
		TH_LOG("log: %s", self->log);				\
		ASSERT_EQ(err, got_);					\
		EXPECT_NE(NULL, strstr(self->log, substr));		\
	} while (0)

/*
 * llquantize(x, 10, 0, 1, 30): 38 buckets, and 99 fell in bucket 39; the
 * kernel accepted it and added the increment past the value.
 */
TEST_F(safety, llquantize_past_value_refused)
{
	PROG_ADD(&self->p, aggs, .fn = SONDE_AGG_llquantize,
		 .params = { 10, 0, 1, 30 });
	prog_asm(&self->p,
		 "movi r1, 99\n"
		 "agg @0, r0, r1\n"
		 "ret r0\n");
	build(&self->p, self->getppid_id, 1, 0);
	REFUSED(EINVAL, "must evenly divide a power of the factor");
}

/* The script: llquantize(1, 10, 0, 6, 30). */
TEST_F(safety, llquantize_nsteps_power_refused)
{
	PROG_ADD(&self->p, aggs, .fn = SONDE_AGG_llquantize,
		 .params = { 10, 0, 6, 30 });
	prog_asm(&self->p,
		 "movi r1, 1\n"
		 "agg @0, r0, r1\n"
		 "ret r0\n");
	build(&self->p, self->begin_id, 1, 0);
	REFUSED(EINVAL, "invalid llquantize() parameters");
}

/*
 * commit() in a clause that records: committing the clause's own record
 * after commit() had appended the speculation at its place ran the
 * principal buffer's offset past its end.
 */
TEST_F(safety, commit_with_record_refused)
{
	prog_asm(&self->p,
		 "call r1, speculation, r0, 0\n"
		 "call r2, commit, r1, 1\n"
		 "emit8 r1, 0\n"
		 "ret r0\n");
	build(&self->p, self->getppid_id, 1, 8);
	REFUSED(EACCES, "commit() in a clause that records data");
}

/* 200 searches of strings of 4096 bytes: over the firing budget alone. */
TEST_F(safety, clause_over_firing_budget_refused)
{
	__u32 i;

	prog_asm(&self->p,
		 "ldb r1, execname\n"
		 "mov r2, r1\n");
	for (i = 0; i < 200; i++)
		prog_asm(&self->p, "call r3, index, r1, 2\n");
	prog_asm(&self->p, "ret r0\n");
	prog_opt(&self->p, SONDE_OPT_strsize, 4096);
	build(&self->p, self->getppid_id, 1, 0);
	REFUSED(E2BIG, "firing budget");
}

/* The same clause, 20 times cheaper, fits. */
TEST_F(safety, clause_within_firing_budget_loads)
{
	__u32 i;

	prog_asm(&self->p,
		 "ldb r1, execname\n"
		 "mov r2, r1\n");
	for (i = 0; i < 10; i++)
		prog_asm(&self->p, "call r3, index, r1, 2\n");
	prog_asm(&self->p, "ret r0\n");
	prog_opt(&self->p, SONDE_OPT_strsize, 4096);
	build(&self->p, self->getppid_id, 1, 0);
	ASSERT_EQ(0, load_sprog(self, self->fd)) TH_LOG("%s", self->log);
}

/*
 * Issue 29, finding 1: subroutines the cost model priced as a strsize
 * string operation, whatever they did.  Each clause below was accepted
 * (strsize 8, a 1 MB scratch) and could spin a CPU for seconds with
 * interrupts off; each is refused now that every subroutine is priced
 * from its row of vm/cost.c.  @calls: how many calls; @subr its id; the
 * arguments start at r@rs (the first lines set them up).
 */
static void budget_subr_clause(FIXTURE_DATA(safety) *self, __u32 subr,
			       __u32 calls)
{
	__u32 i, rs = 1, nargs = 1;
	char call[64];

	prog_asm(&self->p,
		 "movi r1, 0\n"		/* an address, a pid, ns */
		 "movi r2, 1048576\n"	/* 1 MB */
		 "call r3, alloca, r2, 1\n"
		 "movi r4, 0\n"
		 "movi r5, 1048576\n");
	switch (subr) {
	case SONDE_SUBR_copyinto:	/* (addr r1, size r2, buffer r3) */
		nargs = 3;
		break;
	case SONDE_SUBR_copyout:	/* (buffer r3, addr r4, size r5) */
		rs = 3;
		nargs = 3;
		break;
	case SONDE_SUBR_alloca:		/* (size r2) */
		rs = 2;
		break;
	}
	/* the subroutine by its number: `call r6, 42, r1, 3` */
	snprintf(call, sizeof(call), "call r6, %u, r%u, %u\n", subr, rs,
		 nargs);
	for (i = 0; i < calls; i++)
		prog_asm(&self->p, call);
	prog_asm(&self->p, "ret r0\n");
	prog_opt(&self->p, SONDE_OPT_strsize, 8);
	prog_opt(&self->p, SONDE_OPT_scratchsize, 1 << 21);
	prog_opt(&self->p, SONDE_OPT_destructive, 1);
	build(&self->p, self->getppid_id, 1, 0);
}

TEST_F(safety, budget_prices_copyinto)
{
	budget_subr_clause(self, SONDE_SUBR_copyinto, 64);
	REFUSED(E2BIG, "firing budget");
}

TEST_F(safety, budget_prices_copyout)
{
	budget_subr_clause(self, SONDE_SUBR_copyout, 64);
	REFUSED(E2BIG, "firing budget");
}

TEST_F(safety, budget_prices_alloca)
{
	budget_subr_clause(self, SONDE_SUBR_alloca, 64);
	REFUSED(E2BIG, "firing budget");
}

TEST_F(safety, budget_prices_progenyof)
{
	budget_subr_clause(self, SONDE_SUBR_progenyof, 2000);
	REFUSED(E2BIG, "firing budget");
}

TEST_F(safety, budget_prices_chill)
{
	budget_subr_clause(self, SONDE_SUBR_chill, 8);
	REFUSED(E2BIG, "firing budget");
}

/* A few of each still load: the prices are bounds, not bans (a copy of
 * user memory is charged 4 bytes a unit: 6 of the 2 MB scratch fit). */
TEST_F(safety, budget_few_copies_load)
{
	budget_subr_clause(self, SONDE_SUBR_copyinto, 6);
	ASSERT_EQ(0, load_sprog(self, self->fd)) TH_LOG("%s", self->log);
}

/* More enablings of one probe than SONDE_MAX_PROBE_ECBS. */
TEST_F(safety, too_many_enablings_of_one_probe_refused)
{
	prog_asm(&self->p, "ret r0\n");
	build(&self->p, self->getppid_id, SONDE_MAX_PROBE_ECBS + 1, 0);
	REFUSED(E2BIG, "1025 enablings");
}

/*
 * The cap and the budget count every consumer of a probe: a second
 * consumer that would pass them is refused while the first holds its
 * enablings, and loads once the first has gone.
 */
TEST_F(safety, enablings_cap_across_consumers)
{
	struct sonde_info info;
	int fd2;

	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_INFO, &info));
	EXPECT_EQ(SONDE_MAX_PROBE_ECBS, info.max_probe_ecbs);
	EXPECT_EQ(SONDE_FIRING_BUDGET, info.firing_budget);
	prog_asm(&self->p, "ret r0\n");
	build(&self->p, self->getppid_id, SONDE_MAX_PROBE_ECBS - 10, 0);
	ASSERT_EQ(0, load_sprog(self, self->fd)) TH_LOG("%s", self->log);
	fd2 = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd2);
	build(&self->p, self->getppid_id, 20, 0);
	ASSERT_EQ(E2BIG, load_sprog(self, fd2));
	TH_LOG("log: %s", self->log);
	EXPECT_NE(NULL, strstr(self->log, "of other consumers"));
	close(self->fd);
	self->fd = -1;
	ASSERT_EQ(0, load_sprog(self, fd2)) TH_LOG("%s", self->log);
	close(fd2);
}

/* Two consumers whose clauses each take most of the budget. */
TEST_F(safety, firing_budget_across_consumers)
{
	__u32 i;
	int fd2;

	prog_asm(&self->p,
		 "ldb r1, execname\n"
		 "mov r2, r1\n");
	for (i = 0; i < 120; i++)	/* about 120 * 6 * 4096 units */
		prog_asm(&self->p, "call r3, index, r1, 2\n");
	prog_asm(&self->p, "ret r0\n");
	prog_opt(&self->p, SONDE_OPT_strsize, 4096);
	build(&self->p, self->getppid_id, 1, 0);
	ASSERT_EQ(0, load_sprog(self, self->fd)) TH_LOG("%s", self->log);
	fd2 = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd2);
	ASSERT_EQ(E2BIG, load_sprog(self, fd2));
	TH_LOG("log: %s", self->log);
	EXPECT_NE(NULL, strstr(self->log, "firing budget"));
	close(self->fd);
	self->fd = -1;
	ASSERT_EQ(0, load_sprog(self, fd2)) TH_LOG("%s", self->log);
	close(fd2);
}

/*
 * Options within their ranges that together ask for more memory than
 * the machine has: refused with a line naming them, and this process is
 * still here to see it (no OOM kill).
 */
TEST_F(safety, buffers_over_memory_refused)
{
	prog_opt(&self->p, SONDE_OPT_bufsize, 1ULL << 30);
	prog_asm(&self->p, "ret r0\n");
	build(&self->p, self->getppid_id, 1, 0);
	REFUSED(ENOMEM, "kernel memory");
	EXPECT_NE(NULL, strstr(self->log, "lower bufsize"));
}

TEST_F(safety, aggregations_over_memory_refused)
{
	PROG_ADD(&self->p, aggs, .fn = SONDE_AGG_count);
	prog_opt(&self->p, SONDE_OPT_aggsize, 1ULL << 30);
	prog_asm(&self->p,
		 "agg @0, r0, r0\n"
		 "ret r0\n");
	build(&self->p, self->getppid_id, 1, 0);
	REFUSED(ENOMEM, "kernel memory");
}

TEST_F(safety, speculations_over_memory_refused)
{
	prog_opt(&self->p, SONDE_OPT_nspec, 256);
	prog_opt(&self->p, SONDE_OPT_specsize, 64 << 20);
	prog_asm(&self->p,
		 "call r1, speculation, r0, 0\n"
		 "ret r0\n");
	build(&self->p, self->getppid_id, 1, 0);
	REFUSED(ENOMEM, "kernel memory");
}

TEST_F(safety, dynvars_over_memory_refused)
{
	PROG_ADD(&self->p, vars, .scope = SONDE_VAR_TLS, .type = SONDE_T_INT);
	prog_opt(&self->p, SONDE_OPT_dynvarsize, 1ULL << 30);
	prog_asm(&self->p,
		 "movi r1, 1\n"
		 "stt v0, r1\n"
		 "ret r0\n");
	build(&self->p, self->getppid_id, 1, 0);
	REFUSED(ENOMEM, "kernel memory");
}

/* Within memory after all: the refusals left nothing behind. */
TEST_F(safety, refused_then_loads)
{
	prog_opt(&self->p, SONDE_OPT_bufsize, 1ULL << 30);
	prog_asm(&self->p, "ret r0\n");
	build(&self->p, self->getppid_id, 1, 0);
	ASSERT_EQ(ENOMEM, load_sprog(self, self->fd));
	prog_free(&self->p);
	prog_asm(&self->p, "ret r0\n");
	build(&self->p, self->getppid_id, 1, 0);
	ASSERT_EQ(0, load_sprog(self, self->fd)) TH_LOG("%s", self->log);
}

/* A line of /proc/meminfo, in bytes (0 if missing). */
static unsigned long long meminfo(const char *key)
{
	unsigned long long kb = 0;
	char line[256];
	size_t n = strlen(key);
	FILE *f = fopen("/proc/meminfo", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':')
			sscanf(line + n + 1, "%llu", &kb);
	if (f)
		fclose(f);
	return kb << 10;
}

/* The CPUs the module gives buffers to (every possible one). */
static unsigned int possible_cpus(void)
{
	unsigned int a, b, n = 0;
	char buf[256], *p = buf;
	FILE *f = fopen("/sys/devices/system/cpu/possible", "r");

	if (!f || !fgets(buf, sizeof(buf), f)) {
		if (f)
			fclose(f);
		return 0;
	}
	fclose(f);
	while (*p && *p != '\n') {
		if (sscanf(p, "%u-%u", &a, &b) == 2)
			n += b - a + 1;
		else if (sscanf(p, "%u", &a) == 1)
			n++;
		p += strcspn(p, ",\n");
		if (*p == ',')
			p++;
	}
	return n;
}

/* Has the kernel log said anything of the OOM killer? */
static bool klog_oom(void)
{
	int n = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	char *buf;
	bool oom;

	if (n <= 0)
		return false;
	buf = calloc(1, n + 1);
	if (!buf)
		return false;
	n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, n);
	buf[n > 0 ? n : 0] = '\0';
	oom = strstr(buf, "Out of memory") || strstr(buf, "oom-kill") ||
	      strstr(buf, "invoked oom-killer");
	free(buf);
	return oom;
}

/* getppid() on CPU @cpu: one record for each consumer tracing it. */
static void getppid_on(unsigned int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (!sched_setaffinity(0, sizeof(set), &set))
		syscall(SYS_getppid);
}

/* DRAIN every CPU of @fd (@size bytes each): 0 or an errno. */
static int drain_all(int fd, __u64 size)
{
	struct drain dr;

	for_each_drain(&dr, fd, SONDE_IOC_DRAIN, size)
		;
	return dr.err;
}

/*
 * Issue 29: six consumers each LOADed with 96 MB buffers on a 1 GB guest
 * all passed LOAD (each was checked against the memory available then,
 * while nothing had grown yet), and after GO their buffers grew into the
 * OOM killer.  Now LOAD reserves what a consumer may grow to, across
 * consumers, within half of the machine's memory: with buffers of about
 * 35% of that share each, two consumers load, go and grow to full size
 * (both areas of every CPU's buffer) with no OOM kill; the third is
 * refused at LOAD with ENOMEM and a line naming bufsize, and loads once
 * a consumer has closed.
 */
TEST_F(safety, memory_reserved_across_consumers)
{
	unsigned long long share = meminfo("MemTotal") / 2, avail0, grown = 0;
	unsigned int ncpus = possible_cpus(), cpu, i;
	__u64 bufsize, want;
	int fds[3] = { self->fd, -1, -1 };
	time_t t0;

	ASSERT_NE(0, share);
	ASSERT_NE(0, ncpus);
	ASSERT_FALSE(klog_oom());
	/* two areas per CPU: 35% of the share a consumer */
	bufsize = (share * 35 / 100 / (2 * ncpus)) & ~4095ULL;
	want = 2ULL * 2 * ncpus * bufsize;	/* two consumers, grown */
	TH_LOG("share %llu MB, %u CPUs, bufsize %llu MB",
	       share >> 20, ncpus, (unsigned long long)bufsize >> 20);
	prog_opt(&self->p, SONDE_OPT_bufsize, bufsize);
	prog_asm(&self->p,
		 "movi r1, 42\n"
		 "emit8 r1, 0\n"
		 "ret r0\n");
	build(&self->p, self->getppid_id, 1, 8);
	avail0 = meminfo("MemAvailable");

	for (i = 0; i < 3; i++) {
		if (i) {
			fds[i] = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
			ASSERT_LE(0, fds[i]);
		}
		if (i < 2) {
			ASSERT_EQ(0, load_sprog(self, fds[i]))
				TH_LOG("%s", self->log);
		}
	}
	/* the third would take the reservations past the share */
	ASSERT_EQ(ENOMEM, load_sprog(self, fds[2]));
	TH_LOG("log: %s", self->log);
	EXPECT_NE(NULL, strstr(self->log, "other consumers hold"));
	EXPECT_NE(NULL, strstr(self->log, "half of the machine's memory"));
	EXPECT_NE(NULL, strstr(self->log, "lower bufsize"));

	/* the two that loaded grow to what they reserved, and no more */
	for (i = 0; i < 2; i++) {
		struct sonde_go go;

		memset(&go, 0, sizeof(go));
		ASSERT_EQ(0, ioctl(fds[i], SONDE_IOC_GO, &go));
	}
	t0 = time(NULL);
	while (time(NULL) - t0 < 60) {
		/* a record on every CPU: each drain switches, the second
		 * area is made as large as the first and keeps up */
		for (cpu = 0; cpu < ncpus; cpu++)
			getppid_on(cpu);
		for (i = 0; i < 2; i++)
			ASSERT_EQ(0, drain_all(fds[i], bufsize));
		grown = avail0 - meminfo("MemAvailable");
		if (grown >= want - want / 10)
			break;
		usleep(200 * 1000);
	}
	TH_LOG("buffers grew by %llu MB of %llu MB in %ld s", grown >> 20,
	       (unsigned long long)want >> 20, (long)(time(NULL) - t0));
	EXPECT_LE(want - want / 10, grown);
	EXPECT_FALSE(klog_oom());

	/* closing a consumer gives its reservation back */
	close(fds[0]);
	self->fd = -1;
	ASSERT_EQ(0, load_sprog(self, fds[2])) TH_LOG("%s", self->log);
	close(fds[1]);
	close(fds[2]);
	EXPECT_FALSE(klog_oom());
}

/*
 * scratchsize up to its maximum, 64 MB: past 4 MB the per-CPU scratch
 * was one kmalloc() beyond what the page allocator gives in one piece,
 * and it warned (a panic under panic_on_warn).  Each loads, goes, and
 * a firing uses its scratch (alloca(), zeroed, then a string), with no
 * error.  (LOAD failed with ENOMEM and the kernel log had a WARNING.)
 * At 64 MB, alloca() alone may zero more than a firing's budget
 * (vm/cost.c charges it the whole scratch): that clause only records a
 * string.
 */
TEST_F(safety, scratchsize_large_loads)
{
	static const __u64 sizes[] = {
		(4 << 20) + 8, 8 << 20, 16 << 20, 64 << 20,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		struct sonde_status st;
		struct sonde_go go;
		int fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);

		/* alloca() within the budget: scratch / 8 units */
		bool skip = sizes[i] / 8 > SONDE_FIRING_BUDGET / 2;

		ASSERT_LE(0, fd);
		prog_free(&self->p);
		prog_opt(&self->p, SONDE_OPT_scratchsize, sizes[i]);
		if (!skip)
			prog_asm(&self->p,
				 "movi r1, 4096\n"
				 "call r2, alloca, r1, 1\n");
		prog_asm(&self->p,
			 "ldb r3, execname\n"
			 "emits r3, 0\n"
			 "ret r0\n");
		build(&self->p, self->getppid_id, 1, 256);
		ASSERT_EQ(0, load_sprog(self, fd))
			TH_LOG("scratchsize %llu: %s",
			       (unsigned long long)sizes[i], self->log);
		memset(&go, 0, sizeof(go));
		ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
		syscall(SYS_getppid);
		memset(&st, 0, sizeof(st));
		ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STATUS, &st));
		EXPECT_EQ(0, st.errors);
		close(fd);
	}
}

/* Buffer sizes are used in whole 8-byte words (and LOAD says so). */
TEST_F(safety, sizes_rounded_to_words)
{
	PROG_ADD(&self->p, aggs, .fn = SONDE_AGG_count);
	prog_opt(&self->p, SONDE_OPT_bufsize, 4103);
	prog_opt(&self->p, SONDE_OPT_aggsize, 4097);
	prog_asm(&self->p,
		 "agg @0, r0, r0\n"
		 "ret r0\n");
	build(&self->p, self->getppid_id, 1, 0);
	ASSERT_EQ(0, load_sprog(self, self->fd)) TH_LOG("%s", self->log);
	EXPECT_EQ(4096, self->ld.bufsize);
	EXPECT_EQ(4096, self->ld.aggsize);
}

/* A pool too small for one variable says so (it once said nothing). */
TEST_F(safety, dynvarsize_too_small_says_so)
{
	/* a[execname] = 1 with strsize 4096: a 4 KB key */
	PROG_ADD(&self->p, vars, .scope = SONDE_VAR_GLOBAL,
		 .type = SONDE_T_INT, .nkeys = 1);
	PROG_ADD(&self->p, keys, SONDE_T_STR);
	prog_opt(&self->p, SONDE_OPT_strsize, 4096);
	prog_opt(&self->p, SONDE_OPT_dynvarsize, 4096);
	prog_asm(&self->p,
		 "ldb r1, execname\n"
		 "movi r2, 1\n"
		 "stga v0, r1, r2\n"
		 "ret r0\n");
	build(&self->p, self->getppid_id, 1, 0);
	REFUSED(E2BIG, "do not hold one dynamic variable");
}

/*
 * Arm probes on tracepoints that fire all the time (the scheduler,
 * interrupts, idle), fire them, and close: 60 times.  Teardown waits for
 * every handler in flight, RCU and SRCU alike, before freeing what they
 * use; the runner checks the kernel log.
 */
TEST(teardown_of_busy_tracepoints)
{
	static const char *const tps[] = {
		"sched_switch", "sched_wakeup", "irq_handler_entry",
		"softirq_entry", "cpu_idle", "timer_expire_entry",
		"hrtimer_expire_entry", "rcu_utilization",
	};
	int round, armed = 0;

	for (round = 0; round < 60; round++) {
		struct sonde_load ld;
		struct sonde_go go;
		struct prog p;
		char log[256];
		__u32 i;
		int fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);

		ASSERT_LE(0, fd);
		prog_init(&p);
		prog_opt(&p, SONDE_OPT_bufsize, 4096);
		prog_opt(&p, SONDE_OPT_aggsize, 4096);
		for (i = 0; i < sizeof(tps) / sizeof(tps[0]); i++) {
			__u32 id = probe_id(fd, "tracepoint", "", tps[i]);

			if (id)
				prog_ecb(&p, id, 0);
		}
		prog_ecb(&p, probe_id(fd, "syscall", "getppid", "entry"), 0);
		PROG_ADD(&p, aggs, .fn = SONDE_AGG_count);
		prog_clause(&p, 0, NULL,
			    "agg @0, r0, r0\n"
			    "ret r0\n");
		ASSERT_EQ(0, load_prog(fd, &p, &ld, log, sizeof(log)))
			TH_LOG("%s", log);
		prog_free(&p);
		if (!ioctl(fd, SONDE_IOC_GO, &go))
			armed++;
		for (i = 0; i < 20; i++) {
			syscall(SYS_getppid);
			if (i % 5 == 0)
				usleep(200);	/* let a CPU idle */
		}
		/* close while armed: release disarms, waits, frees */
		close(fd);
	}
	EXPECT_EQ(60, armed);
}

/*
 * syscall::getpgid:entry /arg0 == TLS_MAGIC/
 * { self->n++; self->a[self->n] = 1; @ok = sum(self->a[self->n]); }
 *
 * Each call makes one thread-local more (and @ok counts those the pool
 * took).  Thread exit once walked its chain of the thread table from the
 * head for every thread-local it freed, with preemption off: a process
 * whose chain also held another's 16,384 took 1.7 s to exit under TCG
 * (2.2 s reported), 32,768 15.6 s; the other then took 9 to 37 ms.  Now two
 * processes with as many each exit in about the same time, whatever
 * they share, and give every one back.
 */
#define TLS_MAGIC	0x7ffffff0L
#define TLS_N		32768		/* thread-locals of one process */
#define TLS_CHUNK	80		/* bytes one takes, about */
#define TLS_EXIT_MAX_MS	5000		/* generous: tens of ms under TCG */
#define TLS_EXIT_SLACK_MS 300

struct tls_kid {
	pid_t pid;
	int cmd, ack;			/* pipes' ends: to it, from it */
};

/* A process that makes @calls thread-locals when told, then exits when
 * told.  With @want, its pid is @want if the kernel lets us choose. */
static int tls_kid_start(struct tls_kid *k, int calls, pid_t want)
{
	int to[2], from[2];
	char c;

	if (pipe(to) || pipe(from))
		return -1;
	if (want > 1) {
		FILE *f = fopen("/proc/sys/kernel/ns_last_pid", "w");

		if (f) {
			fprintf(f, "%d", want - 1);
			fclose(f);
		}
	}
	k->pid = fork();
	if (k->pid < 0)
		return -1;
	if (!k->pid) {
		int i;

		close(to[1]);
		close(from[0]);
		if (read(to[0], &c, 1) != 1)
			_exit(1);
		for (i = 0; i < calls; i++)
			syscall(SYS_getpgid, TLS_MAGIC);
		if (write(from[1], &c, 1) != 1 || read(to[0], &c, 1) != 1)
			_exit(1);
		_exit(0);
	}
	close(to[0]);
	close(from[1]);
	k->cmd = to[1];
	k->ack = from[0];
	return 0;
}

/* Let @k make its thread-locals; 0 once it has. */
static int tls_kid_fill(struct tls_kid *k)
{
	char c = 'f';

	if (write(k->cmd, &c, 1) != 1 || read(k->ack, &c, 1) != 1)
		return -1;
	return 0;
}

static long long tls_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* Tell @k to exit: the milliseconds until it was reaped (after
 * sched_process_exit's handlers), or -1. */
static long long tls_kid_exit(struct tls_kid *k)
{
	long long t0 = tls_now_ms();
	char c = 'x';
	int status;

	if (write(k->cmd, &c, 1) != 1 || waitpid(k->pid, &status, 0) != k->pid)
		return -1;
	close(k->cmd);
	close(k->ack);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return -1;
	return tls_now_ms() - t0;
}

/* One process makes thread-locals until the pool is full: how many it
 * holds (its count, self->n, takes one more).  AGGSNAP hands over what
 * came since the last one. */
static long long tls_capacity(int fd, __u64 aggsize, int calls)
{
	struct tls_kid k;
	__u64 drops;

	agg_total(fd, aggsize, &drops);
	if (tls_kid_start(&k, calls, 0) || tls_kid_fill(&k) ||
	    tls_kid_exit(&k) < 0)
		return -1;
	return agg_total(fd, aggsize, &drops);
}

/*
 * Two pids on one chain of the thread table the old code sized and
 * hashed (hash_64(tid, 32) modulo a power of 2 up to 65536), free and
 * above the ones in use: a pair whose exits that code made quadratic.
 * The new table is seeded, so any pair does for it.
 */
static bool tls_pid_pair(pid_t *a, pid_t *b)
{
	static int slot[65536];
	int last = 0, max = 32768, t;
	FILE *f;

	f = fopen("/proc/sys/kernel/ns_last_pid", "r");
	if (!f || fscanf(f, "%d", &last) != 1)
		last = 0;
	if (f)
		fclose(f);
	f = fopen("/proc/sys/kernel/pid_max", "r");
	if (!f || fscanf(f, "%d", &max) != 1)
		max = 32768;
	if (f)
		fclose(f);
	memset(slot, 0, sizeof(slot));
	for (t = last + 64; t < max; t++) {
		__u32 h = (__u32)(((__u64)t * 0x61C8864680B583EBULL) >> 32);

		if (!kill(t, 0) || errno != ESRCH)
			continue;
		h &= 0xffff;
		if (slot[h]) {
			*a = slot[h];
			*b = t;
			return true;
		}
		slot[h] = t;
	}
	return false;
}

TEST(thread_exit_linear_in_its_thread_locals)
{
	struct tls_kid ka, kb;
	long long cap0, cap1, ms_a, ms_b, ok0;
	pid_t pa = 0, pb = 0;
	bool aimed;
	__u64 drops, dyn0;
	struct trace t;
	struct prog p;

	__u32 getpgid;

	ASSERT_EQ(0, trace_open(&t));
	getpgid = probe_id(t.fd, "syscall", "getpgid", "entry");
	ASSERT_NE(0, getpgid);
	prog_init(&p);
	/* room for about three processes' thread-locals; no deadman while
	 * we wait for a process (the old code's exits outlasted it) */
	prog_opt(&p, SONDE_OPT_dynvarsize, 3ULL * (TLS_N + 1) * TLS_CHUNK);
	prog_opt(&p, SONDE_OPT_bufsize, 4096);
	prog_opt(&p, SONDE_OPT_aggsize, 4096);
	prog_opt(&p, SONDE_OPT_deadman, 600000);
	prog_ecb(&p, getpgid, 0);
	PROG_ADD(&p, consts, TLS_MAGIC);
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_sum);
	PROG_ADD(&p, keys, SONDE_T_INT);
	PROG_ADD(&p, vars, .scope = SONDE_VAR_TLS, .type = SONDE_T_INT);
	PROG_ADD(&p, vars, .scope = SONDE_VAR_TLS, .type = SONDE_T_INT,
		 .nkeys = 1);
	prog_clause(&p, 0,
		    "ldb r1, arg0\n"
		    "ldc r2, #0\n"		/* TLS_MAGIC */
		    "seteq r3, r1, r2\n"
		    "ret r3\n",
		    "ldt r1, v0\n"		/* self->n++ */
		    "movi r2, 1\n"
		    "add r1, r1, r2\n"
		    "stt v0, r1\n"
		    "stta v1, r1, r2\n"	/* self->a[n] = 1 */
		    "ldta r3, v1, r1\n"
		    "agg @0, r0, r3\n"	/* @ok = sum() */
		    "ret r0\n");
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);

	/* what the pool holds, from a process that fills it */
	cap0 = tls_capacity(t.fd, t.ld.aggsize, 4 * (TLS_N + 1));
	ASSERT_LT(2 * (TLS_N + 1), cap0);
	ASSERT_EQ(0, trace_status(&t));
	dyn0 = t.st.dyndrops;

	/* A then B make theirs (B's come first on a shared chain), and A
	 * exits while B's are still there */
	aimed = tls_pid_pair(&pa, &pb);
	ASSERT_EQ(0, tls_kid_start(&ka, TLS_N, pa));
	ASSERT_EQ(0, tls_kid_fill(&ka));
	ASSERT_EQ(0, tls_kid_start(&kb, TLS_N, pb));
	ASSERT_EQ(0, tls_kid_fill(&kb));
	TH_LOG("pids %d and %d (wanted %d and %d, %s)", ka.pid, kb.pid, pa,
	       pb, aimed ? "one chain of the old table" : "no pair found");
	ok0 = agg_total(t.fd, t.ld.aggsize, &drops);
	ms_a = tls_kid_exit(&ka);
	ms_b = tls_kid_exit(&kb);
	TH_LOG("exit with %d thread-locals: %lld ms, then %lld ms", TLS_N + 1,
	       ms_a, ms_b);
	EXPECT_LE(0, ms_a);
	EXPECT_LE(0, ms_b);
	/* each frees as many: the first, behind the other's on a shared
	 * chain, costs about what the last one does */
	EXPECT_GE(4 * ms_b + TLS_EXIT_SLACK_MS, ms_a);
	EXPECT_GT(TLS_EXIT_MAX_MS, ms_a);
	EXPECT_GT(TLS_EXIT_MAX_MS, ms_b);
	EXPECT_EQ(2LL * TLS_N, ok0);
	ASSERT_EQ(0, trace_status(&t));
	EXPECT_EQ(dyn0, t.st.dyndrops);

	/* every one of theirs came back: the pool holds as many again */
	cap1 = tls_capacity(t.fd, t.ld.aggsize, 4 * (TLS_N + 1));
	EXPECT_EQ(cap0, cap1);
	ASSERT_EQ(0, trace_stop(&t));
	close(t.fd);
}

TEST_HARNESS_MAIN
