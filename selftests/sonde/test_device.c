// SPDX-License-Identifier: GPL-2.0
/*
 * test_device.c - /dev/sonde: the node, the version handshake, the
 * privilege checks, unknown ioctls.
 *
 * Runs as root in the test guest with sonde.ko loaded.  Privilege drops
 * happen in forked children so the harness process keeps its capabilities.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/capability.h>

#include "kselftest_harness.h"
#include "sonde.h"

/*
 * drop_cap_sys_admin - remove CAP_SYS_ADMIN from this process's effective,
 * permitted and inheritable sets, keeping uid 0 and every other capability
 * (so the VFS still lets us open a 0600 root-owned node and only the
 * driver's own check can refuse).  Raw capset(2): no libcap in the guest.
 */
static int drop_cap_sys_admin(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	int i;

	if (syscall(SYS_capget, &hdr, data))
		return -1;
	i = CAP_TO_INDEX(CAP_SYS_ADMIN);
	data[i].effective &= ~CAP_TO_MASK(CAP_SYS_ADMIN);
	data[i].permitted &= ~CAP_TO_MASK(CAP_SYS_ADMIN);
	data[i].inheritable &= ~CAP_TO_MASK(CAP_SYS_ADMIN);
	return syscall(SYS_capset, &hdr, data);
}

/*
 * in_child - run @fn in a forked child; its return value (an errno, or 0)
 * comes back as the exit status, 255 if the child could not set itself up.
 */
static int in_child(int (*fn)(int), int arg)
{
	pid_t pid;
	int status;

	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0)
		_exit(fn(arg));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* Child: drop CAP_SYS_ADMIN, then open; returns open's errno (0: it worked). */
static int open_without_cap(int unused)
{
	int fd;

	if (drop_cap_sys_admin())
		return 255;
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return errno;
}

/* Child: setuid(nobody), then open; returns open's errno. */
static int open_as_nobody(int unused)
{
	int fd;

	if (setgroups(0, NULL) || setresgid(65534, 65534, 65534) ||
	    setresuid(65534, 65534, 65534))
		return 255;
	fd = open(SONDE_DEVICE_PATH, O_RDWR);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return errno;
}

/* Child: drop CAP_SYS_ADMIN, then INFO on @fd opened before; returns errno. */
static int ioctl_without_cap(int fd)
{
	struct sonde_info info;

	if (drop_cap_sys_admin())
		return 255;
	if (ioctl(fd, SONDE_IOC_INFO, &info) == 0)
		return 0;
	return errno;
}

TEST(node_is_char_device_0600)
{
	struct stat st;

	ASSERT_EQ(0, stat(SONDE_DEVICE_PATH, &st)) {
		TH_LOG("%s: %s (is sonde.ko loaded?)", SONDE_DEVICE_PATH, strerror(errno));
	}
	EXPECT_TRUE(S_ISCHR(st.st_mode));
	EXPECT_EQ(0600, st.st_mode & 07777) {
		TH_LOG("mode is %04o, want 0600 (crw-------)", st.st_mode & 07777);
	}
	EXPECT_EQ(0, st.st_uid);
	EXPECT_EQ(0, st.st_gid);
}

FIXTURE(dev) {
	int fd;
};

FIXTURE_SETUP(dev)
{
	self->fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd) {
		TH_LOG("open %s: %s", SONDE_DEVICE_PATH, strerror(errno));
	}
}

FIXTURE_TEARDOWN(dev)
{
	if (self->fd >= 0)
		close(self->fd);
}

TEST_F(dev, info_handshake)
{
	struct sonde_info info;

	memset(&info, 0xa5, sizeof(info));
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_INFO, &info)) {
		TH_LOG("SONDE_IOC_INFO: %s", strerror(errno));
	}
	EXPECT_EQ(SONDE_ABI_VERSION, info.abi_version);
	EXPECT_EQ(SONDE_NREGS, info.nregs);
	EXPECT_LT(0, info.nr_cpus);
	EXPECT_EQ(SONDE_MAX_INSNS, info.max_insns);
	EXPECT_EQ(SONDE_MAX_PROG_SIZE, info.max_prog_size);
	EXPECT_EQ(SONDE_MAX_CLAUSES, info.max_clauses);
	EXPECT_EQ(SONDE_MAX_ECBS, info.max_ecbs);
	EXPECT_EQ(SONDE_MAX_AGGS, info.max_aggs);
	EXPECT_EQ(SONDE_MAX_RECSIZE, info.max_recsize);
	EXPECT_EQ(SONDE_MAX_PROBE_ECBS, info.max_probe_ecbs);
	EXPECT_EQ(SONDE_FIRING_BUDGET, info.firing_budget);
	for (size_t i = 0; i < sizeof(info.reserved) / sizeof(info.reserved[0]);
	     i++)
		EXPECT_EQ(0, info.reserved[i]);
	/* A NUL-terminated version string. */
	EXPECT_NE(NULL, memchr(info.version, '\0', sizeof(info.version)));
	EXPECT_LT(0, strlen(info.version));
	TH_LOG("sonde.ko version '%.32s', abi %u, %u cpus, %u probes",
	       info.version, info.abi_version, info.nr_cpus, info.nr_probes);
}

TEST_F(dev, unknown_ioctl_is_enotty)
{
	struct sonde_info info;
	char buf[64] = { 0 };

	/* Our magic, an unused number. */
	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, _IO(SONDE_IOC_MAGIC, 0x7f)));
	EXPECT_EQ(ENOTTY, errno);
	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, _IOWR(SONDE_IOC_MAGIC, 0x3f, char[64]), buf));
	EXPECT_EQ(ENOTTY, errno);
	/* Another driver's magic. */
	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, _IOR('x', 0x00, int), buf));
	EXPECT_EQ(ENOTTY, errno);
	/* The device still works afterwards. */
	EXPECT_EQ(0, ioctl(self->fd, SONDE_IOC_INFO, &info));
}

/*
 * On-demand probes are made on a listing's first call only (start_id 0
 * or 1): the calls that page through a long listing do not make them
 * again (a listing of every probe once took minutes re-reading fbt's
 * function list for each page).
 */
TEST_F(dev, on_demand_probes_on_first_call_only)
{
	struct sonde_probe_info pi[4];
	struct sonde_probes q;

	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, "profile");
	strcpy(q.desc.name, "profile-4321");
	q.buf = (__u64)(unsigned long)pi;
	q.buf_count = 4;
	q.start_id = 2;
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_PROBES, &q));
	EXPECT_EQ(0, q.total);		/* a continuation: nothing made */
	q.start_id = 0;
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_PROBES, &q));
	EXPECT_EQ(1, q.total);
	ASSERT_EQ(1, q.count);
	EXPECT_STREQ("profile-4321", pi[0].desc.name);
	/* now it exists, continuations list it */
	q.start_id = 2;
	ASSERT_EQ(0, ioctl(self->fd, SONDE_IOC_PROBES, &q));
	EXPECT_EQ(pi[0].id >= 2 ? 1 : 0, q.total);
}

/* List the profile probes named @name through @fd: 0 or -errno. */
static int list_profile(int fd, const char *name, __u32 *total)
{
	struct sonde_probes q;

	memset(&q, 0, sizeof(q));
	strcpy(q.desc.provider, "profile");
	snprintf(q.desc.name, sizeof(q.desc.name), "%s", name);
	if (ioctl(fd, SONDE_IOC_PROBES, &q))
		return -errno;
	*total = q.total;
	return 0;
}

/*
 * tick-N probes a listing makes are held by the consumers that listed
 * them and freed when the last closes (issue 29: 20,000 of them stayed
 * until rmmod); one consumer makes at most 256 (ENOSPC after).  A glob
 * makes none, so "tick-*" counts them.
 */
TEST(on_demand_tick_probes_bounded_and_freed)
{
	__u32 base, n, total;
	int a, b, i, made = 0, err = 0;
	char name[32];

	b = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, b);
	ASSERT_EQ(0, list_profile(b, "tick-*", &base));
	a = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, a);
	for (i = 0; i < 300; i++) {
		snprintf(name, sizeof(name), "tick-%dms", 7001 + i);
		err = list_profile(a, name, &total);
		if (err)
			break;
		ASSERT_EQ(1, total);
		made++;
	}
	EXPECT_EQ(256, made);
	EXPECT_EQ(-ENOSPC, err);
	/* one it holds already: listed again, nothing more taken */
	ASSERT_EQ(0, list_profile(a, "tick-7001ms", &total));
	EXPECT_EQ(1, total);
	ASSERT_EQ(0, list_profile(b, "tick-*", &n));
	EXPECT_EQ(base + 256, n);
	/* b holds one of them too: it outlives a */
	ASSERT_EQ(0, list_profile(b, "tick-7002ms", &total));
	EXPECT_EQ(1, total);
	close(a);
	ASSERT_EQ(0, list_profile(b, "tick-*", &n));
	EXPECT_EQ(base + 1, n);
	close(b);
	b = open(SONDE_DEVICE_PATH, O_RDWR);
	ASSERT_LE(0, b);
	ASSERT_EQ(0, list_profile(b, "tick-*", &n));
	EXPECT_EQ(base, n);
	close(b);
}

TEST(open_without_cap_sys_admin_is_eperm)
{
	int err = in_child(open_without_cap, 0);

	ASSERT_NE(255, err) {
		TH_LOG("capset: could not drop CAP_SYS_ADMIN");
	}
	EXPECT_EQ(EPERM, err) {
		TH_LOG("open without CAP_SYS_ADMIN: got %s, want EPERM",
		       err ? strerror(err) : "success");
	}
}

TEST(open_as_nobody_is_refused)
{
	int err = in_child(open_as_nobody, 0);

	ASSERT_NE(255, err) {
		TH_LOG("could not become uid 65534");
	}
	/* The 0600 mode refuses first (EACCES); the driver would say EPERM. */
	EXPECT_TRUE(err == EACCES || err == EPERM) {
		TH_LOG("open as uid 65534: got %s, want EACCES or EPERM",
		       err ? strerror(err) : "success");
	}
}

TEST_F(dev, ioctl_after_dropping_cap_is_eperm)
{
	int err = in_child(ioctl_without_cap, self->fd);

	ASSERT_NE(255, err) {
		TH_LOG("capset: could not drop CAP_SYS_ADMIN");
	}
	EXPECT_EQ(EPERM, err) {
		TH_LOG("INFO on an fd opened with CAP_SYS_ADMIN, after dropping it: got %s, want EPERM",
		       err ? strerror(err) : "success");
	}
}

TEST_HARNESS_MAIN
