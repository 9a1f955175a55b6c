// SPDX-License-Identifier: GPL-2.0
/*
 * test_providers.c - the kernel providers: fbt entry/return,
 * a broad fbt attach/detach, the raw tracepoint provider, the stable
 * proc/sched/io providers, and stack() from fbt and tracepoint probes
 * starting at the probed code.  Programs in the VM's assembly (img.h),
 * as in test_trace.c.
 *
 * Runs as root in the test guest (2 vCPUs, /dev/vda a 64 MiB scratch
 * disk) with sonde.ko loaded.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde.h"

#include "sonde_test.h"

#define B_WRITE	0x100

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/*
 * @p anew: /pid == self/ { @ = count(); }, or { @ = count(); } when
 * @self is false (the predicate's four instructions are then in the
 * image unused, as these tests have always had them).
 */
static void pid_count(struct prog *p, bool self)
{
	struct prog_code pred;

	prog_free(p);
	PROG_ADD(p, aggs, .fn = SONDE_AGG_count);
	pred = prog_asm(p, ASM_PRED_PID_IS_CONST0);
	if (self)
		PROG_ADD(p, consts, getpid());
	else
		pred.len = 0;
	prog_clause_at(p, 0, pred, prog_asm(p,
					    "agg @0, r0, r0\n"
					    "ret r0\n"));
}

/* Load @p with @n enablings, of @ids, of its clause 0 (in place of any
 * it had); 0 or errno. */
static int load_probes(int fd, const __u32 *ids, int n, struct prog *p,
		       struct sonde_load *ld, char *log, int logsz)
{
	int i;

	p->necbs = 0;
	for (i = 0; i < n; i++)
		prog_ecb(p, ids[i], 0);
	return load_prog(fd, p, ld, log, logsz);
}

/* pid == self { @ = count() } on one probe; returns the fd, GO done. */
static int count_self(struct __test_metadata *_metadata, const char *prov,
		      const char *func, const char *name, struct sonde_load *ld)
{
	struct sonde_go go;
	struct prog p;
	char log[512] = "";
	__u32 id;
	int fd, err;

	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	if (fd < 0)
		return -1;
	id = probe_id(fd, prov, func, name);
	if (!id) {
		TH_LOG("no probe %s::%s:%s", prov, func, name);
		close(fd);
		return -1;
	}
	prog_init(&p);
	pid_count(&p, true);
	err = load_probes(fd, &id, 1, &p, ld, log, sizeof(log));
	prog_free(&p);
	if (err || ioctl(fd, SONDE_IOC_GO, &go)) {
		TH_LOG("%s::%s:%s: %s %s", prov, func, name, strerror(errno),
		       log);
		close(fd);
		return -1;
	}
	return fd;
}

static long long stop_total(int fd, struct sonde_load *ld)
{
	struct sonde_stop stop;
	__u64 drops;

	if (ioctl(fd, SONDE_IOC_STOP, &stop))
		return -1;
	return agg_total(fd, ld->aggsize, &drops);
}

/* fbt::vfs_read:entry /pid == self/ counts exactly our read() calls. */
TEST(fbt_vfs_read_entry_count)
{
	struct sonde_load ld;
	char c;
	int fd, z, i;

	z = open("/dev/zero", O_RDONLY);
	ASSERT_LE(0, z);
	fd = count_self(_metadata, "fbt", "vfs_read", "entry", &ld);
	ASSERT_LE(0, fd);
	for (i = 0; i < 123; i++)
		ASSERT_EQ(1, read(z, &c, 1));
	EXPECT_EQ(123, stop_total(fd, &ld));
	close(fd);
	close(z);
}

/* fbt::vfs_read:return /pid == self/ { @ = max(arg1) }: read()'s 17. */
TEST(fbt_vfs_read_return_value)
{
	struct sonde_load ld;
	struct prog p;
	struct sonde_go go;
	char log[512] = "", buf[64];
	__u32 id;
	int fd, z, i;

	z = open("/dev/zero", O_RDONLY);
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	id = probe_id(fd, "fbt", "vfs_read", "return");
	ASSERT_NE(0, id);
	prog_init(&p);
	PROG_ADD(&p, consts, getpid());
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_max);
	prog_clause(&p, 0, ASM_PRED_PID_IS_CONST0,
		    "ldb r1, arg1\n"
		    "agg @0, r0, r1\n"
		    "ret r0\n");
	ASSERT_EQ(0, load_probes(fd, &id, 1, &p, &ld, log, sizeof(log)))
		TH_LOG("%s", log);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	for (i = 0; i < 5; i++)
		ASSERT_EQ(17, read(z, buf, 17));
	EXPECT_EQ(17, stop_total(fd, &ld));
	close(fd);
	close(z);
}

/* Every entry probe matching @func, at most @max ids into @ids. */
static int list_ids(int fd, const char *func, __u32 *ids, int max)
{
	static struct sonde_probe_info pi[1100];
	struct sonde_probes q;
	int i;

	if (offer_fbt(fd, func) < 0)
		return -errno;
	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, "fbt");
	strcpy(q.desc.module, "vmlinux");
	strcpy(q.desc.function, func);
	strcpy(q.desc.name, "entry");
	q.buf = (__u64)(unsigned long)pi;
	q.buf_count = max;
	if (ioctl(fd, SONDE_IOC_PROBES, &q))
		return -errno;
	for (i = 0; i < (int)q.count; i++)
		ids[i] = pi[i].id;
	return q.count;
}

/*
 * fbt:vmlinux:vfs_*:entry and fbt:vmlinux:*_read*:entry, hundreds of
 * functions, { @ = count() }: armed and disarmed with the kernel log
 * clean (the runner checks it), in seconds.
 */
/*
 * A fixture only for its longer timeout: arming hundreds of kprobes is
 * one ftrace update each, which a loaded TCG host can stretch past the
 * harness's default 30 s.
 */
FIXTURE(slow) {
	int unused;
};
FIXTURE_SETUP(slow) { }
FIXTURE_TEARDOWN(slow) { }

TEST_F_TIMEOUT(slow, fbt_broad_glob_attach_detach, 300)
{
	static const char *const globs[] = { "vfs_*", "*_read*" };
	static __u32 ids[1100];
	struct sonde_load ld;
	struct prog p;
	struct sonde_go go;
	struct sonde_stop stop;
	char log[512] = "", c;
	double t0, t1, t2, t3;
	__u64 drops;
	int fd, g, n, z;

	for (g = 0; g < 2; g++) {
		fd = open(SONDE_DEVICE_PATH, O_RDWR);
		ASSERT_LE(0, fd);
		t0 = now_ms();
		n = list_ids(fd, globs[g], ids, 1000);
		t1 = now_ms();
		ASSERT_LT(20, n) TH_LOG("%s: %d probes", globs[g], n);
		prog_init(&p);
		pid_count(&p, false);
		ASSERT_EQ(0, load_probes(fd, ids, n, &p, &ld, log, sizeof(log)))
			TH_LOG("%s", log);
		prog_free(&p);
		t2 = now_ms();
		ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go))
			TH_LOG("GO: %s", strerror(errno));
		t3 = now_ms();
		z = open("/dev/zero", O_RDONLY);
		read(z, &c, 1);
		close(z);
		usleep(100000);
		ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
		EXPECT_LT(0, agg_total(fd, ld.aggsize, &drops));
		close(fd);
		TH_LOG("fbt:vmlinux:%s:entry: %d probes, provide+list %.0f ms, arm %.0f ms, disarm+close %.0f ms",
		       globs[g], n, t1 - t0, t3 - t2, now_ms() - t3 - 100);
	}
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The distinct vmlinux functions tracefs's enabled_functions lists (the
 * ftrace sites some ops calls, one line each: "name (1) R ..."), sorted,
 * into *@out; their number, or -1.
 */
static int enabled_vmlinux(char ***out)
{
	char line[1024], name[256], mod, **v = NULL, **nv;
	int n = 0, cap = 0, k, u;
	FILE *f = fopen("/sys/kernel/tracing/enabled_functions", "r");

	*out = NULL;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		/* "name [module] (1) ...": a module's; a tracer's notes
		 * (the trampoline's "[sonde]") follow on the same line or
		 * an indented one */
		if (line[0] == '\t' || line[0] == ' ' ||
		    sscanf(line, "%255s %c", name, &mod) != 2 || mod == '[')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 4096;
			nv = realloc(v, cap * sizeof(*v));
			if (!nv)
				break;
			v = nv;
		}
		v[n++] = strdup(name);
	}
	fclose(f);
	qsort(v, n, sizeof(*v), name_cmp);
	for (k = 0, u = 0; k < n; k++) {
		if (u && !strcmp(v[u - 1], v[k])) {
			free(v[k]);	/* same-named statics: one probe */
			continue;
		}
		v[u++] = v[k];
	}
	*out = v;
	return u;
}

/*
 * fbt:vmlinux:*:entry { @ = count(); }: every traceable function of the
 * kernel armed at once and disarmed.  Armed, the kernel's own list of
 * the sites ftrace calls out from (enabled_functions) names exactly the
 * functions the listing named; disarmed, none; the log stays clean (no
 * soft lockup, no RCU stall: the runner checks).
 */
TEST_F_TIMEOUT(slow, fbt_all_attach_detach, 900)
{
	struct sonde_probe_info *pi;
	struct sonde_probes q;
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	struct prog p;
	char log[512] = "", **en, **names;
	double t0, t1, t2, t3, t4;
	__u32 *ids, i, n, k;
	__u64 drops;
	int fd, nen, same;

	/* the command offers every function (and the module remembers) */
	ASSERT_EQ(0, system("sonde -l -n 'fbt:vmlinux:*:entry' > /dev/null"));
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, "fbt");
	strcpy(q.desc.module, "vmlinux");
	strcpy(q.desc.name, "entry");
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_PROBES, &q))
		TH_LOG("PROBES (count): %s", strerror(errno));
	n = q.total;
	ASSERT_LT(10000, n) TH_LOG("fbt:vmlinux::entry: %u probes", n);
	ASSERT_GE(SONDE_MAX_ECBS, n);
	pi = calloc(n, sizeof(*pi));
	ids = calloc(n, sizeof(*ids));
	names = calloc(n, sizeof(*names));
	ASSERT_TRUE(pi && ids && names);
	q.offered = 0;		/* an out-field; in, it must be zero */
	q.buf = (__u64)(unsigned long)pi;
	q.buf_count = n;
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_PROBES, &q))
		TH_LOG("PROBES: %s", strerror(errno));
	ASSERT_EQ(n, q.count);
	for (i = 0; i < n; i++) {
		ids[i] = pi[i].id;
		names[i] = pi[i].desc.function;
	}
	qsort(names, n, sizeof(*names), name_cmp);
	nen = enabled_vmlinux(&en);
	ASSERT_EQ(0, nen) TH_LOG("%d functions enabled before GO", nen);
	free(en);

	prog_init(&p);
	pid_count(&p, false);
	/* reading enabled_functions while every function fires takes the
	 * TCG guest longer than the 10 s a consumer may go without draining */
	prog_opt(&p, SONDE_OPT_deadman, 3600000);
	t0 = now_ms();
	ASSERT_EQ(0, load_probes(fd, ids, n, &p, &ld, log, sizeof(log)))
		TH_LOG("%s", log);
	prog_free(&p);
	t1 = now_ms();
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go))
		TH_LOG("GO: %s", strerror(errno));
	t2 = now_ms();
	nen = enabled_vmlinux(&en);
	/* the same names, in the same order */
	same = nen == (int)n;
	for (k = 0; same && k < n; k++)
		same = !strcmp(en[k], names[k]);
	for (k = 0; k < n && k < (__u32)nen; k++)
		if (strcmp(en[k], names[k])) {
			TH_LOG("first difference: enabled %s, listed %s",
			       en[k], names[k]);
			break;
		}
	for (k = 0; k < (__u32)nen; k++)
		free(en[k]);
	free(en);
	EXPECT_TRUE(same) TH_LOG("%d functions enabled, %u listed", nen, n);
	t3 = now_ms();
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	EXPECT_LT(0, agg_total(fd, ld.aggsize, &drops));
	close(fd);
	t4 = now_ms();
	nen = enabled_vmlinux(&en);
	EXPECT_EQ(0, nen) TH_LOG("%d functions enabled after close", nen);
	for (k = 0; k < (__u32)nen; k++)
		free(en[k]);
	free(en);
	TH_LOG("fbt:vmlinux:*:entry: %u probes, load %.0f ms, arm %.0f ms, disarm+close %.0f ms",
	       n, t1 - t0, t2 - t1, t4 - t3);
	free(names);
	free(ids);
	free(pi);
}

static void fork_n(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		pid_t p = fork();

		if (p == 0)
			_exit(0);
		waitpid(p, NULL, 0);
	}
}

/* tracepoint:sched::sched_process_fork /pid == self/: N forks, N hits. */
TEST(tracepoint_fork_count)
{
	struct sonde_probe_info pi[2];
	struct sonde_probes q;
	struct sonde_load ld;
	int fd;

	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	ASSERT_LT(0, offer_events(fd, "sched_process_fork"));
	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, "tracepoint");
	strcpy(q.desc.name, "sched_process_fork");
	q.buf = (__u64)(unsigned long)pi;
	q.buf_count = 2;
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_PROBES, &q));
	ASSERT_EQ(1, q.count);
	EXPECT_STREQ("sched", pi[0].desc.module);
	EXPECT_STREQ("", pi[0].desc.function);
	close(fd);

	fd = count_self(_metadata, "tracepoint", "", "sched_process_fork", &ld);
	ASSERT_LE(0, fd);
	fork_n(7);
	EXPECT_EQ(7, stop_total(fd, &ld));
	close(fd);
}

/* proc:::create /pid == self/ and proc:::exit /ppid == self/: N each. */
TEST(proc_create_exit_count)
{
	struct sonde_load ld, ld2;
	struct sonde_go go;
	struct prog p;
	char log[512] = "";
	__u32 id;
	int fd, fd2;

	fd = count_self(_metadata, "proc", "", "create", &ld);
	ASSERT_LE(0, fd);
	fd2 = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd2);
	id = probe_id(fd2, "proc", "", "exit");
	ASSERT_NE(0, id);
	/* exit fires in the child: pred ppid == self */
	prog_init(&p);
	PROG_ADD(&p, consts, getpid());
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_count);
	prog_clause(&p, 0,
		    "ldb r1, ppid\n"
		    "ldc r2, #0\n"
		    "seteq r3, r1, r2\n"
		    "ret r3\n",
		    "agg @0, r0, r0\n"
		    "ret r0\n");
	ASSERT_EQ(0, load_probes(fd2, &id, 1, &p, &ld2, log, sizeof(log)));
	ASSERT_EQ(0, ioctl(fd2, SONDE_IOC_GO, &go));
	fork_n(9);
	EXPECT_EQ(9, stop_total(fd, &ld));
	EXPECT_EQ(9, stop_total(fd2, &ld2));
	close(fd);
	close(fd2);
}

/* sched:::on-cpu fires for us after we sleep; off-cpu too. */
TEST(sched_on_off_cpu)
{
	struct sonde_load ld, ld2;
	long long on, off;
	int fd, fd2, i;

	fd = count_self(_metadata, "sched", "", "on-cpu", &ld);
	ASSERT_LE(0, fd);
	fd2 = count_self(_metadata, "sched", "", "off-cpu", &ld2);
	ASSERT_LE(0, fd2);
	/* 20 ms: long enough that each sleep really switches out, even on
	 * a loaded host (a 1 ms timer can expire before schedule()) */
	for (i = 0; i < 10; i++)
		usleep(20000);
	on = stop_total(fd, &ld);
	off = stop_total(fd2, &ld2);
	TH_LOG("on-cpu %lld off-cpu %lld", on, off);
	EXPECT_LE(10, on);
	EXPECT_LE(10, off);
	close(fd);
	close(fd2);
}

/*
 * io:::start and io:::done /arg0 == vda && arg3 == B_WRITE/ see our
 * O_DIRECT|O_SYNC writes to /dev/vda.
 */
TEST(io_start_done_vda)
{
	struct sonde_load ld[2];
	struct sonde_go go;
	struct stat sb;
	struct prog p;
	char log[512] = "";
	const char *names[2] = { "start", "done" };
	long long n[2];
	void *buf;
	int fd[2], disk, i;
	__u32 id;

	if (stat("/dev/vda", &sb))
		SKIP(return, "no /dev/vda");
	prog_init(&p);
	PROG_ADD(&p, consts, ((__u64)major(sb.st_rdev) << 20) |
			     minor(sb.st_rdev));
	PROG_ADD(&p, consts, B_WRITE);
	PROG_ADD(&p, aggs, .fn = SONDE_AGG_count);
	prog_clause(&p, 0,
		    "ldb r1, arg0\n"
		    "ldc r2, #0\n"		/* vda */
		    "seteq r3, r1, r2\n"
		    "ldb r1, arg3\n"
		    "ldc r2, #1\n"		/* B_WRITE */
		    "seteq r4, r1, r2\n"
		    "and r3, r3, r4\n"
		    "ret r3\n",
		    "agg @0, r0, r0\n"
		    "ret r0\n");
	for (i = 0; i < 2; i++) {
		fd[i] = open(SONDE_DEVICE_PATH, O_RDWR);
		ASSERT_LE(0, fd[i]);
		id = probe_id(fd[i], "io", "", names[i]);
		ASSERT_NE(0, id);
		ASSERT_EQ(0, load_probes(fd[i], &id, 1, &p, &ld[i], log,
					 sizeof(log)))
			TH_LOG("%s", log);
		ASSERT_EQ(0, ioctl(fd[i], SONDE_IOC_GO, &go));
	}
	disk = open("/dev/vda", O_WRONLY | O_DIRECT | O_SYNC);
	ASSERT_LE(0, disk);
	ASSERT_EQ(0, posix_memalign(&buf, 4096, 4096));
	memset(buf, 0xa5, 4096);
	for (i = 0; i < 8; i++)
		ASSERT_EQ(4096, pwrite(disk, buf, 4096, (off_t)i * 65536));
	fsync(disk);
	close(disk);
	free(buf);
	for (i = 0; i < 2; i++) {
		n[i] = stop_total(fd[i], &ld[i]);
		close(fd[i]);
	}
	TH_LOG("io:::start %lld io:::done %lld writes to vda", n[0], n[1]);
	EXPECT_LE(8, n[0]);
	EXPECT_LE(8, n[1]);
}

/* /proc/kallsyms: the symbol holding @pc, into @name; its start. */
static unsigned long long ksym(unsigned long long pc, char *name, int len)
{
	unsigned long long a, best = 0;
	char line[512], sym[256], t;
	FILE *f = fopen("/proc/kallsyms", "r");

	snprintf(name, len, "?");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &a, &t, sym) != 3)
			continue;
		if (t != 't' && t != 'T')
			continue;
		if (a <= pc && a > best) {
			best = a;
			snprintf(name, len, "%s", sym);
		}
	}
	fclose(f);
	return best;
}

/*
 * Records of @probe /pid == self/ { stack(20) } while @work runs; the
 * frames, symbolised, must start at @first and contain @caller.
 */
static void check_stack(struct __test_metadata *_metadata, const char *prov,
			const char *func, const char *name, void (*work)(void),
			const char *first, const char *caller)
{
	struct sonde_load ld;
	struct prog p;
	struct sonde_go go;
	struct sonde_stop stop;
	struct sonde_rechdr *h;
	struct drain dr;
	char log[512] = "", sym[256];
	int fd, i, recs = 0, found_caller = 0, first_ok = 0;
	__u32 id;

	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	id = probe_id(fd, prov, func, name);
	ASSERT_NE(0, id);
	prog_init(&p);
	PROG_ADD(&p, consts, getpid());
	prog_clause(&p, 160, ASM_PRED_PID_IS_CONST0,
		    "emitkstack 0, 20\n"
		    "ret r0\n");
	ASSERT_EQ(0, load_probes(fd, &id, 1, &p, &ld, log, sizeof(log)))
		TH_LOG("%s", log);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	work();
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	for_each_drain(&dr, fd, SONDE_IOC_DRAIN, ld.bufsize) {
		for_each_rec(h, &dr) {
			__u64 *pcs = (__u64 *)(h + 1);

			if (h->epid != 1 || recs++)
				continue;	/* symbolise the first one */
			for (i = 0; i < 20 && pcs[i]; i++) {
				unsigned long long base = ksym(pcs[i], sym,
							       sizeof(sym));

				TH_LOG("  %s+0x%llx", sym, pcs[i] - base);
				if (i == 0 && !strcmp(sym, first))
					first_ok = 1;
				if (!strcmp(sym, caller))
					found_caller = 1;
			}
		}
	}
	EXPECT_LT(0, recs);
	EXPECT_EQ(1, first_ok) TH_LOG("first frame is not %s", first);
	EXPECT_EQ(1, found_caller) TH_LOG("no %s frame", caller);
	close(fd);
}

static void read_once(void)
{
	int z = open("/dev/zero", O_RDONLY);
	char c;

	read(z, &c, 1);
	close(z);
}

static void fork_once(void)
{
	fork_n(1);
}

TEST(stack_fbt_starts_at_probed_function)
{
	check_stack(_metadata, "fbt", "vfs_read", "entry", read_once,
		    "vfs_read", "ksys_read");
}

TEST(stack_fbt_return_starts_at_caller)
{
	check_stack(_metadata, "fbt", "vfs_read", "return", read_once,
		    "ksys_read", "do_syscall_64");
}

TEST(stack_tracepoint_starts_at_traced_code)
{
	check_stack(_metadata, "tracepoint", "", "sched_process_fork",
		    fork_once, "kernel_clone", "do_syscall_64");
}

/* /proc/kallsyms: the address of text symbol @name (of vmlinux if @mod is
 * NULL, else of module @mod), or 0. */
static unsigned long long ksym_addr(const char *name, const char *mod)
{
	unsigned long long a, found = 0;
	char line[512], sym[256], m[64];
	FILE *f = fopen("/proc/kallsyms", "r");
	char t;
	int n;

	while (f && !found && fgets(line, sizeof(line), f)) {
		n = sscanf(line, "%llx %c %255s [%63[^]]", &a, &t, sym, m);
		if (n < 3 || !strchr("tT", t) || strcmp(sym, name) ||
		    (mod ? n != 4 || strcmp(m, mod) : n != 3))
			continue;
		found = a;
	}
	if (f)
		fclose(f);
	return found;
}

/* Is @name in available_filter_functions (vmlinux)? */
static bool ftrace_can_trace(const char *name)
{
	FILE *f = fopen("/sys/kernel/tracing/available_filter_functions", "r");
	char line[512];
	bool found = false;

	while (f && !found && fgets(line, sizeof(line), f)) {
		line[strcspn(line, " \n")] = 0;
		found = !strcmp(line, name);
	}
	if (f)
		fclose(f);
	return found;
}

static int offer1(int fd, __u32 kind, __u64 addr, const char *mod,
		  const char *name, struct sonde_offer *o,
		  struct sonde_offer_ent *e)
{
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->addr = addr;
	memcpy(e->module, mod, strlen(mod));
	memcpy(e->name, name, strlen(name));
	memset(o, 0, sizeof(*o));
	o->ents = (__u64)(unsigned long)e;
	o->count = 1;
	return ioctl(fd, SONDE_IOC_OFFER, o) ? errno : 0;
}

/* A count-only listing of fbt:@mod:@func:entry into @q: 0, or -1. */
static int fbt_list(int fd, const char *mod, const char *func,
		    struct sonde_probes *q)
{
	memset(q, 0, sizeof(*q));
	strcpy(q->desc.provider, "fbt");
	strcpy(q->desc.module, mod);
	strcpy(q->desc.function, func);
	strcpy(q->desc.name, "entry");
	return ioctl(fd, SONDE_IOC_PROBES, q);
}

/* Probes matching fbt:@mod:@func:entry. */
static __u32 fbt_count(int fd, const char *mod, const char *func)
{
	struct sonde_probes q;

	return fbt_list(fd, mod, func, &q) ? ~0u : q.total;
}

/*
 * SONDE_IOC_OFFER: a malformed request or entry is EINVAL (too many
 * entries E2BIG) and nothing of it is taken, however good the rest.
 */
TEST(offer_malformed_is_refused_whole)
{
	static struct sonde_offer_ent e[SONDE_OFFER_MAX + 1];
	unsigned long long vr = ksym_addr("vfs_read", NULL);
	struct sonde_offer o;
	int fd, i;
	static const struct {
		const char *what;
		__u32 kind;
		__u64 addr;
		const char *mod, *name;
		__u32 reserved;
	} bad[] = {
		{ "unknown kind", 7, 1, "vmlinux", "no_such_fn_a", 0 },
		{ "kind 0", 0, 1, "vmlinux", "no_such_fn_b", 0 },
		{ "empty name", SONDE_OFFER_FUNC, 1, "vmlinux", "", 0 },
		{ "empty module", SONDE_OFFER_FUNC, 1, "", "no_such_fn_c", 0 },
		{ "glob in name", SONDE_OFFER_FUNC, 1, "vmlinux", "vfs_*", 0 },
		{ "space in name", SONDE_OFFER_FUNC, 1, "vmlinux", "a b", 0 },
		{ "slash in module", SONDE_OFFER_FUNC, 1, "../x", "a", 0 },
		{ "function without address", SONDE_OFFER_FUNC, 0, "vmlinux",
		  "no_such_fn_d", 0 },
		{ "event with an address", SONDE_OFFER_EVENT, 1, "sched",
		  "sched_switch", 0 },
		{ "reserved set", SONDE_OFFER_FUNC, 1, "vmlinux",
		  "no_such_fn_e", 1 },
		{ "done without a generation", SONDE_OFFER_DONE, 0, "vmlinux",
		  "no_such_fn_*", 0 },
		{ "done glob with a space", SONDE_OFFER_DONE, 1, "vmlinux",
		  "no_such fn", 0 },
		{ "done glob with a colon", SONDE_OFFER_DONE, 1, "vm:linux",
		  "no_such_fn", 0 },
		{ "done glob with a control character", SONDE_OFFER_DONE, 1,
		  "vmlinux", "no_such_fn\t", 0 },
		{ "done with reserved set", SONDE_OFFER_DONE, 1, "vmlinux",
		  "no_such_fn", 1 },
	};

	ASSERT_NE(0, vr);
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	for (i = 0; i < (int)(sizeof(bad) / sizeof(bad[0])); i++) {
		/* a good entry first: it must not be taken either */
		memset(e, 0, 2 * sizeof(e[0]));
		e[0].kind = SONDE_OFFER_FUNC;
		e[0].addr = 1;
		strcpy(e[0].module, "vmlinux");
		strcpy(e[0].name, "no_such_fn_good");
		e[1].kind = bad[i].kind;
		e[1].addr = bad[i].addr;
		e[1].reserved = bad[i].reserved;
		strcpy(e[1].module, bad[i].mod);
		strcpy(e[1].name, bad[i].name);
		memset(&o, 0, sizeof(o));
		o.ents = (__u64)(unsigned long)e;
		o.count = 2;
		EXPECT_EQ(-1, ioctl(fd, SONDE_IOC_OFFER, &o)) TH_LOG("%s",
								bad[i].what);
		EXPECT_EQ(EINVAL, errno) TH_LOG("%s", bad[i].what);
	}
	/* a name filling its field has no NUL */
	memset(e, 0, sizeof(e[0]));
	e[0].kind = SONDE_OFFER_FUNC;
	e[0].addr = vr;
	strcpy(e[0].module, "vmlinux");
	memset(e[0].name, 'a', sizeof(e[0].name));
	memset(&o, 0, sizeof(o));
	o.ents = (__u64)(unsigned long)e;
	o.count = 1;
	EXPECT_EQ(-1, ioctl(fd, SONDE_IOC_OFFER, &o));
	EXPECT_EQ(EINVAL, errno);
	/* the request itself */
	o.count = 0;
	EXPECT_EQ(-1, ioctl(fd, SONDE_IOC_OFFER, &o));
	EXPECT_EQ(EINVAL, errno);
	o.count = SONDE_OFFER_MAX + 1;
	EXPECT_EQ(-1, ioctl(fd, SONDE_IOC_OFFER, &o));
	EXPECT_EQ(E2BIG, errno);
	o.count = 1;
	o.flags = 1;
	EXPECT_EQ(-1, ioctl(fd, SONDE_IOC_OFFER, &o));
	EXPECT_EQ(EINVAL, errno);
	o.flags = 0;
	o.ents = 0;
	EXPECT_EQ(-1, ioctl(fd, SONDE_IOC_OFFER, &o));
	EXPECT_EQ(EINVAL, errno);
	o.ents = 8;		/* unmapped */
	EXPECT_EQ(-1, ioctl(fd, SONDE_IOC_OFFER, &o));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(0, fbt_count(fd, "", "no_such_fn_*"));
	close(fd);
}

/*
 * The module takes an offered function only where the kernel agrees:
 * the name at that address in that module, an ftrace site, not sonde's
 * own, not its firing path's; an event system only if that system's
 * event rides that tracepoint.  Whatever it refuses makes no probe.
 */
TEST(offer_takes_only_what_the_kernel_confirms)
{
	unsigned long long vr = ksym_addr("vfs_read", NULL);
	unsigned long long vw = ksym_addr("vfs_write", NULL);
	unsigned long long own = ksym_addr("sonde_probe_fire", "sonde");
	unsigned long long cfk = ksym_addr("copy_from_kernel_nofault", NULL);
	unsigned long long ds = ksym_addr("do_syscall_64", NULL);
	struct sonde_offer_ent e;
	struct sonde_offer o;
	__u32 before;
	int fd;

	ASSERT_NE(0, vr);
	ASSERT_NE(0, vw);
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);

	/* a name at another function's address, or not at its start */
	ASSERT_EQ(0, offer1(fd, SONDE_OFFER_FUNC, vw, "vmlinux",
			    "no_such_fn_x", &o, &e));
	EXPECT_EQ(1, o.refused);
	EXPECT_EQ(0, o.created);
	EXPECT_EQ(0, fbt_count(fd, "vmlinux", "no_such_fn_x"));
	before = fbt_count(fd, "vmlinux", "vfs_read");
	ASSERT_EQ(0, offer1(fd, SONDE_OFFER_FUNC, vw, "vmlinux", "vfs_read",
			    &o, &e));
	EXPECT_EQ(1, o.refused);
	ASSERT_EQ(0, offer1(fd, SONDE_OFFER_FUNC, vr + 1, "vmlinux",
			    "vfs_read", &o, &e));
	EXPECT_EQ(1, o.refused);
	/* the right module: vfs_read is not a module's */
	ASSERT_EQ(0, offer1(fd, SONDE_OFFER_FUNC, vr, "ext4", "vfs_read",
			    &o, &e));
	EXPECT_EQ(1, o.refused);
	EXPECT_EQ(0, fbt_count(fd, "ext4", "vfs_read"));
	EXPECT_EQ(before, fbt_count(fd, "vmlinux", "vfs_read"));
	/* and the truth */
	ASSERT_EQ(0, offer1(fd, SONDE_OFFER_FUNC, vr, "vmlinux", "vfs_read",
			    &o, &e));
	EXPECT_EQ(1, o.accepted);
	EXPECT_EQ(0, o.refused);
	EXPECT_EQ(1, fbt_count(fd, "vmlinux", "vfs_read"));

	/* sonde's own functions and its firing path's */
	if (own) {
		ASSERT_EQ(0, offer1(fd, SONDE_OFFER_FUNC, own, "sonde",
				    "sonde_probe_fire", &o, &e));
		EXPECT_EQ(1, o.refused);
	}
	if (cfk) {
		ASSERT_EQ(0, offer1(fd, SONDE_OFFER_FUNC, cfk, "vmlinux",
				    "copy_from_kernel_nofault", &o, &e));
		EXPECT_EQ(1, o.refused);
	}
	/* a function ftrace cannot trace (noinstr) */
	if (ds && !ftrace_can_trace("do_syscall_64")) {
		ASSERT_EQ(0, offer1(fd, SONDE_OFFER_FUNC, ds, "vmlinux",
				    "do_syscall_64", &o, &e));
		EXPECT_EQ(1, o.refused);
		EXPECT_EQ(0, fbt_count(fd, "vmlinux", "do_syscall_64"));
	}

	/* event systems: the right one, a wrong one, no such tracepoint */
	ASSERT_EQ(0, offer1(fd, SONDE_OFFER_EVENT, 0, "sched",
			    "sched_process_fork", &o, &e));
	EXPECT_EQ(1, o.accepted);
	ASSERT_EQ(0, offer1(fd, SONDE_OFFER_EVENT, 0, "irq",
			    "sched_process_fork", &o, &e));
	EXPECT_EQ(1, o.refused);
	ASSERT_EQ(0, offer1(fd, SONDE_OFFER_EVENT, 0, "sched",
			    "no_such_tracepoint", &o, &e));
	EXPECT_EQ(1, o.refused);
	close(fd);
}

/* SONDE_IOC_INFO's fbt generation, or 0. */
static __u32 fbt_gen(int fd)
{
	struct sonde_info info;

	return ioctl(fd, SONDE_IOC_INFO, &info) ? 0 : info.fbt_gen;
}

/* The listing of fbt:@mod:@func:entry: its SONDE_PROBES_OFFERED, or ~0. */
static __u32 fbt_offered(int fd, const char *mod, const char *func)
{
	struct sonde_probes q;

	return fbt_list(fd, mod, func, &q) ? ~0u : q.offered;
}

/* SONDE_OFFER_DONE for (@mod, @func) in generation @gen: 0 or errno. */
static int offer_done(int fd, const char *mod, const char *func, __u32 gen)
{
	struct sonde_offer_ent e;
	struct sonde_offer o;
	int err = offer1(fd, SONDE_OFFER_DONE, gen, mod, func, &o, &e);

	return err ? err : o.accepted || o.refused || o.created ? -1 : 0;
}

/*
 * The module remembers which descriptions' functions were all offered
 * (SONDE_OFFER_DONE), the last SONDE_OFFER_NDONE of them, so that the
 * CLI reads available_filter_functions once per description; a module
 * loading starts a new generation and they are all forgotten, since its
 * functions were never offered.  A DONE of an older generation is taken
 * and forgotten.
 */
TEST(offer_done_remembered_until_a_module_loads)
{
	const char *ko = "/lib/modules/kernel/lib/math/cordic.ko";
	struct sonde_probes q;
	char glob[64];
	__u32 gen, gen2;
	int fd, i;

	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	gen = fbt_gen(fd);
	ASSERT_NE(0, gen);
	EXPECT_EQ(0, fbt_offered(fd, "vmlinux", "no_such_done_a*"));
	ASSERT_EQ(0, offer_done(fd, "vmlinux", "no_such_done_a*", gen));
	EXPECT_EQ(SONDE_PROBES_OFFERED,
		  fbt_offered(fd, "vmlinux", "no_such_done_a*"));
	/* the same two globs only, or a DONE for every module/function */
	EXPECT_EQ(0, fbt_offered(fd, "", "no_such_done_a*"));
	EXPECT_EQ(0, fbt_offered(fd, "vmlinux", "no_such_done_a"));
	ASSERT_EQ(0, offer_done(fd, "*", "no_such_done_b*", gen));
	EXPECT_EQ(SONDE_PROBES_OFFERED,
		  fbt_offered(fd, "vmlinux", "no_such_done_b*"));
	EXPECT_EQ(SONDE_PROBES_OFFERED, fbt_offered(fd, "", "no_such_done_b*"));
	/* a generation not the current one is forgotten */
	ASSERT_EQ(0, offer_done(fd, "vmlinux", "no_such_done_c*", gen + 1));
	EXPECT_EQ(0, fbt_offered(fd, "vmlinux", "no_such_done_c*"));
	/* SONDE_OFFER_NDONE pairs: the oldest makes room */
	for (i = 0; i < SONDE_OFFER_NDONE - 1; i++) {
		snprintf(glob, sizeof(glob), "no_such_done_fill%d*", i);
		ASSERT_EQ(0, offer_done(fd, "vmlinux", glob, gen));
	}
	EXPECT_EQ(SONDE_PROBES_OFFERED,
		  fbt_offered(fd, "vmlinux", "no_such_done_b*"));
	EXPECT_EQ(0, fbt_offered(fd, "vmlinux", "no_such_done_a*"));
	EXPECT_EQ(SONDE_PROBES_OFFERED, fbt_offered(fd, "vmlinux", glob));
	/* the listing's out field goes in as zero */
	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, "fbt");
	q.offered = 1;
	EXPECT_EQ(-1, ioctl(fd, SONDE_IOC_PROBES, &q));
	EXPECT_EQ(EINVAL, errno);

	/* the CLI says DONE after reading the files for a description */
	EXPECT_EQ(0, system("sonde -l -n 'fbt::vfs_rea*:entry' > /dev/null"));
	EXPECT_EQ(SONDE_PROBES_OFFERED, fbt_offered(fd, "", "vfs_rea*"));

	if (access(ko, R_OK)) {
		close(fd);
		SKIP(return, "no %s in the guest", ko);
	}
	system("rmmod cordic 2>/dev/null");
	gen = fbt_gen(fd);
	ASSERT_EQ(0, system("insmod /lib/modules/kernel/lib/math/cordic.ko"));
	gen2 = fbt_gen(fd);
	EXPECT_NE(gen, gen2);
	EXPECT_NE(0, gen2);
	EXPECT_EQ(0, fbt_offered(fd, "", "vfs_rea*"));
	EXPECT_EQ(0, fbt_offered(fd, "vmlinux", glob));
	/* a module going takes only its own probes out of the listings */
	ASSERT_EQ(0, offer_done(fd, "vmlinux", "no_such_done_d*", gen2));
	EXPECT_EQ(0, system("rmmod cordic"));
	EXPECT_EQ(gen2, fbt_gen(fd));
	EXPECT_EQ(SONDE_PROBES_OFFERED,
		  fbt_offered(fd, "vmlinux", "no_such_done_d*"));
	close(fd);
}

/* Offer fbt:cordic:cordic_calc_iq; its entry and return probe ids, or 0. */
static int cordic_probes(int fd, __u32 *entry, __u32 *ret)
{
	unsigned long long a = ksym_addr("cordic_calc_iq", "cordic");
	struct sonde_probe_info pi[4];
	struct sonde_offer_ent e;
	struct sonde_offer o;
	struct sonde_probes q;
	__u32 i;

	*entry = *ret = 0;
	if (!a || offer1(fd, SONDE_OFFER_FUNC, a, "cordic", "cordic_calc_iq",
			 &o, &e) || o.accepted != 1)
		return -1;
	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, "fbt");
	strcpy(q.desc.module, "cordic");
	strcpy(q.desc.function, "cordic_calc_iq");
	q.buf = (__u64)(unsigned long)pi;
	q.buf_count = 4;
	if (ioctl(fd, SONDE_IOC_PROBES, &q) || q.count != 2)
		return -1;
	for (i = 0; i < q.count; i++) {
		if (!strcmp(pi[i].desc.name, "entry"))
			*entry = pi[i].id;
		else if (!strcmp(pi[i].desc.name, "return"))
			*ret = pi[i].id;
	}
	return *entry && *ret ? 0 : -1;
}

/*
 * A module unloads while fbt probes on its functions are armed: its
 * sites go out of the ftrace filter with it (the runner checks the
 * kernel log), the probes are no longer listed and never fire.  Offered
 * again after a reload, they are the same probes, and arm again; unloaded
 * while nobody enables them, they go unlisted again.
 */
TEST(fbt_module_unload)
{
	const char *ko = "/lib/modules/kernel/lib/math/cordic.ko";
	struct sonde_load ld;
	struct prog p;
	struct sonde_go go;
	struct sonde_stop stop;
	char log[512] = "";
	__u32 ids[2], again[2];
	int fd;

	if (access(ko, R_OK))
		SKIP(return, "no %s in the guest", ko);
	prog_init(&p);
	pid_count(&p, false);
	system("rmmod cordic 2>/dev/null");
	ASSERT_EQ(0, system("insmod /lib/modules/kernel/lib/math/cordic.ko"));
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, cordic_probes(fd, &ids[0], &ids[1]));
	ASSERT_EQ(0, load_probes(fd, ids, 2, &p, &ld, log, sizeof(log)))
		TH_LOG("%s", log);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	EXPECT_EQ(0, system("rmmod cordic"));
	EXPECT_EQ(0, fbt_count(fd, "cordic", "cordic_calc_iq"));
	EXPECT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	close(fd);

	/* back again: the same probes, armed at the new address */
	ASSERT_EQ(0, system("insmod /lib/modules/kernel/lib/math/cordic.ko"));
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, cordic_probes(fd, &again[0], &again[1]));
	EXPECT_EQ(ids[0], again[0]);
	EXPECT_EQ(ids[1], again[1]);
	ASSERT_EQ(0, load_probes(fd, again, 2, &p, &ld, log, sizeof(log)))
		TH_LOG("%s", log);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	EXPECT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	close(fd);

	/* unloaded while nobody has them: unlisted, and a GO naming them
	 * fails */
	EXPECT_EQ(0, system("rmmod cordic"));
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, fbt_count(fd, "cordic", "cordic_calc_iq"));
	ASSERT_EQ(0, load_probes(fd, ids, 2, &p, &ld, log, sizeof(log)))
		TH_LOG("%s", log);
	EXPECT_EQ(-1, ioctl(fd, SONDE_IOC_GO, &go));
	EXPECT_EQ(ENOENT, errno);
	close(fd);
}

TEST_HARNESS_MAIN
