// SPDX-License-Identifier: GPL-2.0
/*
 * test_providers.c - the kernel providers (issue #7): fbt entry/return,
 * a broad fbt attach/detach, the raw tracepoint provider, the stable
 * proc/sched/io providers, and stack() from fbt and tracepoint probes
 * starting at the probed code.  Hand-built programs as in test_trace.c.
 *
 * Runs as root in the test guest (2 vCPUs, /dev/vda a 64 MiB scratch
 * disk) with sonde.ko loaded.
 */
#include <errno.h>
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

/* pred: pid == consts[0] (4 insns), then @ = count() */
static const struct sonde_insn pid_count[] = {
	INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_pid),
	INSN(SONDE_OP_LDC, 2, 0, 0, 0),
	INSN(SONDE_OP_SETEQ, 3, 1, 2, 0),
	INSN(SONDE_OP_RET, 0, 3, 0, 0),
	INSN(SONDE_OP_AGG, 0, 0, 0, 0),
	INSN(SONDE_OP_RET, 0, 0, 0, 0),
};

/* Load @n ECBs on @ids, all running one clause of @insns; 0 or errno. */
static int load_prog(int fd, const __u32 *ids, int n,
		     const struct sonde_insn *insns, int ninsns,
		     const struct sonde_clause *cl, const __u64 *consts,
		     int nconsts, const struct sonde_agg_desc *ad,
		     struct sonde_load *ld, char *log, int logsz)
{
	static struct img m;
	struct sonde_ecb ecbs[1100];
	int i;

	if (n > 1100)
		return E2BIG;
	for (i = 0; i < n; i++) {
		ecbs[i].probe_id = ids[i];
		ecbs[i].clause = 0;
	}
	img_init(&m);
	img_sect(&m, SONDE_SECT_ECBS, ecbs, sizeof(ecbs[0]), n);
	img_sect(&m, SONDE_SECT_CLAUSES, cl, sizeof(*cl), 1);
	img_sect(&m, SONDE_SECT_INSNS, insns, sizeof(insns[0]), ninsns);
	if (nconsts)
		img_sect(&m, SONDE_SECT_CONSTS, consts, 8, nconsts);
	if (ad)
		img_sect(&m, SONDE_SECT_AGGS, ad, sizeof(*ad), 1);
	return load(fd, &m, ld, log, logsz);
}

/* pid == self { @ = count() } on one probe; returns the fd, GO done. */
static int count_self(struct __test_metadata *_metadata, const char *prov,
		      const char *func, const char *name, struct sonde_load *ld)
{
	struct sonde_clause cl = { .pred_len = 4, .act_off = 4, .act_len = 2 };
	struct sonde_agg_desc ad = { .fn = SONDE_AGG_count };
	__u64 consts[1] = { getpid() };
	struct sonde_go go;
	char log[512] = "";
	__u32 id;
	int fd;

	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	if (fd < 0)
		return -1;
	id = probe_id(fd, prov, func, name);
	if (!id) {
		TH_LOG("no probe %s::%s:%s", prov, func, name);
		close(fd);
		return -1;
	}
	if (load_prog(fd, &id, 1, pid_count, 6, &cl, consts, 1, &ad, ld, log,
		      sizeof(log)) || ioctl(fd, SONDE_IOC_GO, &go)) {
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
	struct sonde_insn insns[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_pid),
		INSN(SONDE_OP_LDC, 2, 0, 0, 0),
		INSN(SONDE_OP_SETEQ, 3, 1, 2, 0),
		INSN(SONDE_OP_RET, 0, 3, 0, 0),
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg1),
		INSN(SONDE_OP_AGG, 0, 0, 1, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct sonde_clause cl = { .pred_len = 4, .act_off = 4, .act_len = 3 };
	struct sonde_agg_desc ad = { .fn = SONDE_AGG_max };
	__u64 consts[1] = { getpid() };
	struct sonde_load ld;
	struct sonde_go go;
	char log[512] = "", buf[64];
	__u32 id;
	int fd, z, i;

	z = open("/dev/zero", O_RDONLY);
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	id = probe_id(fd, "fbt", "vfs_read", "return");
	ASSERT_NE(0, id);
	ASSERT_EQ(0, load_prog(fd, &id, 1, insns, 7, &cl, consts, 1, &ad, &ld,
			       log, sizeof(log))) TH_LOG("%s", log);
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
	struct sonde_clause cl = { .act_off = 4, .act_len = 2 };
	struct sonde_agg_desc ad = { .fn = SONDE_AGG_count };
	static __u32 ids[1100];
	struct sonde_load ld;
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
		ASSERT_EQ(0, load_prog(fd, ids, n, pid_count, 6, &cl, NULL, 0,
				       &ad, &ld, log, sizeof(log)))
			TH_LOG("%s", log);
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
	int fd, fd2;
	struct sonde_insn insns[6];

	fd = count_self(_metadata, "proc", "", "create", &ld);
	ASSERT_LE(0, fd);
	/* exit fires in the child: pred ppid == self */
	memcpy(insns, pid_count, sizeof(insns));
	insns[0].imm = SONDE_B_ppid;
	{
		struct sonde_clause cl = { .pred_len = 4, .act_off = 4,
					   .act_len = 2 };
		struct sonde_agg_desc ad = { .fn = SONDE_AGG_count };
		__u64 consts[1] = { getpid() };
		struct sonde_go go;
		char log[512] = "";
		__u32 id;

		fd2 = open(SONDE_DEVICE_PATH, O_RDWR);
		ASSERT_LE(0, fd2);
		id = probe_id(fd2, "proc", "", "exit");
		ASSERT_NE(0, id);
		ASSERT_EQ(0, load_prog(fd2, &id, 1, insns, 6, &cl, consts, 1,
				       &ad, &ld2, log, sizeof(log)));
		ASSERT_EQ(0, ioctl(fd2, SONDE_IOC_GO, &go));
	}
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
	struct sonde_insn insns[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg0),
		INSN(SONDE_OP_LDC, 2, 0, 0, 0),
		INSN(SONDE_OP_SETEQ, 3, 1, 2, 0),
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_arg3),
		INSN(SONDE_OP_LDC, 2, 0, 0, 1),
		INSN(SONDE_OP_SETEQ, 4, 1, 2, 0),
		INSN(SONDE_OP_AND, 3, 3, 4, 0),
		INSN(SONDE_OP_RET, 0, 3, 0, 0),
		INSN(SONDE_OP_AGG, 0, 0, 0, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct sonde_clause cl = { .pred_len = 8, .act_off = 8, .act_len = 2 };
	struct sonde_agg_desc ad = { .fn = SONDE_AGG_count };
	struct sonde_load ld[2];
	struct sonde_go go;
	struct stat sb;
	__u64 consts[2];
	char log[512] = "";
	const char *names[2] = { "start", "done" };
	long long n[2];
	void *buf;
	int fd[2], disk, i;
	__u32 id;

	if (stat("/dev/vda", &sb))
		SKIP(return, "no /dev/vda");
	consts[0] = ((__u64)major(sb.st_rdev) << 20) | minor(sb.st_rdev);
	consts[1] = B_WRITE;
	for (i = 0; i < 2; i++) {
		fd[i] = open(SONDE_DEVICE_PATH, O_RDWR);
		ASSERT_LE(0, fd[i]);
		id = probe_id(fd[i], "io", "", names[i]);
		ASSERT_NE(0, id);
		ASSERT_EQ(0, load_prog(fd[i], &id, 1, insns, 10, &cl, consts,
				       2, &ad, &ld[i], log, sizeof(log)))
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
	struct sonde_insn insns[] = {
		INSN(SONDE_OP_LDB, 1, 0, 0, SONDE_B_pid),
		INSN(SONDE_OP_LDC, 2, 0, 0, 0),
		INSN(SONDE_OP_SETEQ, 3, 1, 2, 0),
		INSN(SONDE_OP_RET, 0, 3, 0, 0),
		INSN(SONDE_OP_EMITKSTACK, 0, 0, 20, 0),
		INSN(SONDE_OP_RET, 0, 0, 0, 0),
	};
	struct sonde_clause cl = { .pred_len = 4, .act_off = 4, .act_len = 2,
				   .rec_size = 160 };
	__u64 consts[1] = { getpid() };
	struct sonde_load ld;
	struct sonde_go go;
	struct sonde_stop stop;
	struct sonde_drain d;
	char log[512] = "", *buf, sym[256];
	int fd, cpu, ncpu, i, recs = 0, found_caller = 0, first_ok = 0;
	__u32 id;

	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	ncpu = nr_cpus(fd);
	id = probe_id(fd, prov, func, name);
	ASSERT_NE(0, id);
	ASSERT_EQ(0, load_prog(fd, &id, 1, insns, 6, &cl, consts, 1, NULL,
			       &ld, log, sizeof(log))) TH_LOG("%s", log);
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_GO, &go));
	work();
	ASSERT_EQ(0, ioctl(fd, SONDE_IOC_STOP, &stop));
	buf = malloc(ld.bufsize);
	for (cpu = 0; cpu < ncpu; cpu++) {
		__u64 off;

		memset(&d, 0, sizeof(d));
		d.cpu = cpu;
		d.buf = (__u64)(unsigned long)buf;
		d.buf_size = ld.bufsize;
		if (ioctl(fd, SONDE_IOC_DRAIN, &d))
			continue;
		for (off = 0; off < d.size; off += ((struct sonde_rechdr *)
						     (buf + off))->size) {
			struct sonde_rechdr *h = (void *)(buf + off);
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
	free(buf);
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

TEST_HARNESS_MAIN
