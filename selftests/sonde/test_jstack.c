// SPDX-License-Identifier: GPL-2.0
/*
 * test_jstack.c - SONDE_IOC_JHELPER and the kernel's jstack() walk
 * without the sonde command: every rejected request's errno, helpers
 * only before GO and at most SONDE_MAX_JHELPERS, and a walk whose
 * memory cannot be read (a helper whose interpreter list, in a real
 * python3.11, leads to an address that is not mapped) giving the native
 * frames, a counted jstack drop and no error.
 *
 * Runs as root in the test guest with sonde.ko loaded; the walk's test
 * is skipped without /usr/bin/python3.11.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde.h"

#include "sonde_test.h"

#define PYTHON "/usr/bin/python3.11"

/* A helper with the offsets of CPython 3.11 (their values do not matter
 * to the kernel: only their bounds). */
static void fill_helper(struct sonde_jhelper *h, int fd)
{
	memset(h, 0, sizeof(*h));
	h->size = sizeof(*h);
	h->fd = fd;
	h->text = 0x41f000;
	h->runtime = 0x1000;		/* unmapped: every read faults */
	h->max_threads = 16;
	h->max_interps = 1;
	h->off = (struct sonde_pyoffsets){
		.rt_interp_head = 40, .rt_tstate_current = 576,
		.is_next = 0, .is_threads_head = 16,
		.ts_next = 8, .ts_native_tid = 160, .ts_cframe = 56,
		.ts_frame = 8, .fr_code = 32, .fr_previous = 48,
		.fr_instr = 56, .fr_entry = 68, .fr_owner = 69,
		.owner_skip = SONDE_PYOFF_NONE, .co_name = 120,
		.co_filename = 112, .co_firstlineno = 72, .co_code = 184,
		.str_length = 16, .str_state = 32, .str_ascii_data = 48,
		.str_compact_data = 72, .state_kind_shift = 2,
		.state_compact_bit = 5, .state_ascii_bit = 6,
	};
}

/*
 * The link-time addresses of @path's ELF header (the PT_LOAD at file
 * offset 0) and of its first executable segment: 0, or -1.
 */
static int elf_layout(const char *path, __u64 *header, __u64 *text)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	int fd = open(path, O_RDONLY), i, ret = -1;

	*header = *text = ~0ULL;
	if (fd < 0)
		return -1;
	if (pread(fd, &eh, sizeof(eh), 0) != sizeof(eh))
		goto out;
	for (i = 0; i < eh.e_phnum; i++) {
		if (pread(fd, &ph, sizeof(ph), eh.e_phoff + i * sizeof(ph)) !=
		    sizeof(ph))
			goto out;
		if (ph.p_type != PT_LOAD)
			continue;
		if (!ph.p_offset)
			*header = ph.p_vaddr;
		if ((ph.p_flags & PF_X) && ph.p_vaddr < *text)
			*text = ph.p_vaddr;
	}
	ret = *header == ~0ULL || *text == ~0ULL ? -1 : 0;
out:
	close(fd);
	return ret;
}

static int jhelper(int fd, struct sonde_jhelper *h)
{
	return ioctl(fd, SONDE_IOC_JHELPER, h) ? errno : 0;
}

/* Every malformed request: a precise errno, nothing kept. */
TEST(rejected_requests)
{
	struct sonde_jhelper h;
	int fd, exe;

	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, fd);
	exe = open("/proc/self/exe", O_RDONLY);
	ASSERT_LE(0, exe);

	fill_helper(&h, exe);
	h.size = sizeof(h) - 8;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	fill_helper(&h, exe);
	h.flags = 1;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	fill_helper(&h, exe);
	h.reserved2[3] = 1;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	fill_helper(&h, exe);
	h.max_threads = 0;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	fill_helper(&h, exe);
	h.max_threads = SONDE_JHELPER_MAX_THREADS + 1;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	fill_helper(&h, exe);
	h.max_interps = SONDE_JHELPER_MAX_INTERPS + 1;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	/* offsets: within SONDE_PYOFF_MAX, the needed ones given */
	fill_helper(&h, exe);
	h.off.fr_code = SONDE_PYOFF_MAX + 1;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	fill_helper(&h, exe);
	h.off.ts_native_tid = SONDE_PYOFF_NONE;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	fill_helper(&h, exe);
	h.off.owner_skip = 256;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	fill_helper(&h, exe);
	h.off.state_kind_shift = 30;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	fill_helper(&h, exe);
	h.off.reserved = 1;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	/* a process's helper names no file and no text */
	fill_helper(&h, exe);
	h.pid = getpid();
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	fill_helper(&h, -1);
	h.pid = -1;
	EXPECT_EQ(EINVAL, jhelper(fd, &h));
	fill_helper(&h, -1);
	h.text = 0;
	h.pid = 0x3ffffff0;
	EXPECT_EQ(ESRCH, jhelper(fd, &h));
	fill_helper(&h, -1);
	EXPECT_EQ(EBADF, jhelper(fd, &h));
	fill_helper(&h, 1000);
	EXPECT_EQ(EBADF, jhelper(fd, &h));
	close(exe);
	close(fd);
}

/* SONDE_MAX_JHELPERS, numbered in order; then ENOSPC; none after GO. */
TEST(limits_and_go)
{
	struct sonde_jhelper h;
	struct trace t;
	struct prog p;
	int exe, i;
	__u32 getppid;

	ASSERT_EQ(0, trace_open(&t));
	exe = open("/proc/self/exe", O_RDONLY);
	ASSERT_LE(0, exe);
	for (i = 0; i < SONDE_MAX_JHELPERS; i++) {
		fill_helper(&h, exe);
		ASSERT_EQ(0, jhelper(t.fd, &h));
		EXPECT_EQ((__u32)i, h.id);
	}
	fill_helper(&h, exe);
	EXPECT_EQ(ENOSPC, jhelper(t.fd, &h));
	close(t.fd);

	ASSERT_EQ(0, trace_open(&t));
	getppid = probe_id(t.fd, "syscall", "getppid", "entry");
	ASSERT_NE(0, getppid);
	prog_init(&p);
	prog_ecb(&p, getppid, 0);
	prog_clause(&p, SONDE_JSTACK_SIZE(4, 64), NULL,
		    "emitjstack 0, 64, 4\n"	/* jstack(4, 64) */
		    "ret r0\n");
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	fill_helper(&h, exe);
	EXPECT_EQ(EBUSY, jhelper(t.fd, &h));
	EXPECT_EQ(0, trace_stop(&t));
	close(exe);
	close(t.fd);
}

/*
 * A python3.11 calling getppid() in a loop, walked with a helper whose
 * "runtime" is the ELF header the process maps and whose first
 * interpreter is its first 8 bytes (e_ident: not an address): each
 * firing records the native frames and no interpreter frame, flags the
 * walk, counts a jstack drop and no error.
 */
TEST(unreadable_memory_is_a_drop)
{
	struct sonde_jhelper h;
	struct sonde_rechdr *r;
	struct sonde_jstack js;
	struct drain dr;
	struct trace t;
	struct prog p;
	int exe, nrec = 0, bad = 0, status;
	__u32 getppid;
	pid_t child;

	if (access(PYTHON, X_OK))
		SKIP(return, "no " PYTHON);
	child = fork();
	ASSERT_LE(0, child);
	if (!child) {
		/* held until the trace runs: a stopped child */
		raise(SIGSTOP);
		execl(PYTHON, PYTHON, "-c",
		      "import os\nfor i in range(2000): os.getppid()\n",
		      (char *)NULL);
		_exit(127);
	}
	ASSERT_EQ(child, waitpid(child, &status, WUNTRACED));

	ASSERT_EQ(0, trace_open(&t));
	exe = open(PYTHON, O_RDONLY);
	ASSERT_LE(0, exe);
	fill_helper(&h, exe);
	ASSERT_EQ(0, elf_layout(PYTHON, &h.runtime, &h.text));
	h.off.rt_interp_head = 0;
	h.off.rt_tstate_current = SONDE_PYOFF_NONE;
	ASSERT_EQ(0, jhelper(t.fd, &h));
	close(exe);
	getppid = probe_id(t.fd, "syscall", "getppid", "entry");
	ASSERT_NE(0, getppid);
	prog_init(&p);
	prog_ecb(&p, getppid, 0);
	PROG_ADD(&p, consts, child);	/* pid == the child */
	prog_clause(&p, SONDE_JSTACK_SIZE(8, 256), ASM_PRED_PID_IS_CONST0,
		    "emitjstack 0, 256, 8\n"	/* jstack(8, 256) */
		    "ret r0\n");
	ASSERT_EQ(0, trace_go(&t, &p)) TH_LOG("%s", t.log);
	kill(child, SIGCONT);
	ASSERT_EQ(child, waitpid(child, &status, 0));
	EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ASSERT_EQ(0, trace_stop(&t));

	for_each_drain(&dr, t.fd, SONDE_IOC_DRAIN, t.ld.bufsize) {
		for_each_rec(r, &dr) {
			if (r->epid == SONDE_EPID_ERROR) {
				bad++;
				continue;
			}
			memcpy(&js, r + 1, sizeof(js));
			nrec++;
			if (js.pid != (__u32)child || js.npy || !js.npcs ||
			    js.helper != 0 ||
			    !(js.flags & SONDE_JSTACK_FAULT))
				bad++;
		}
	}
	ASSERT_EQ(0, trace_status(&t));
	EXPECT_LE(2000, nrec);
	EXPECT_EQ(0, bad);
	EXPECT_EQ((__u64)nrec, t.st.jstackdrops);
	EXPECT_EQ(0, t.st.errors);
	close(t.fd);
}

TEST_HARNESS_MAIN
