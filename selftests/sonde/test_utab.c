// SPDX-License-Identifier: GPL-2.0
/*
 * test_utab.c - SONDE_IOC_UTAB without the sonde command: the kernel
 * refuses each malformed unwind table with its errno (unsorted or
 * overlapping mappings, rows out of their bounds or unsorted, unknown
 * rules, offsets a rule does not take, reserved fields), refuses tables
 * for a program that records no user stack, and past the memory LOAD
 * reserved; takes, replaces and drops a good one; and walks with it
 * (rows saying syscall() keeps its return address on top of the stack
 * and STOP everywhere else give exactly two frames, the second in the
 * caller).
 *
 * Runs as root in the test guest with sonde.ko loaded.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde.h"

#include "sonde_test.h"

/* A program on this process's getppid() that records ustackdepth and
 * two frames of ustack() (so LOAD reserves room for tables), or with
 * @plain a number only. */
static int load_depth(struct trace *t, bool plain)
{
	struct prog p;
	int err;

	prog_init(&p);
	prog_ecb(&p, probe_id(t->fd, "syscall", "getppid", "entry"), 0);
	PROG_ADD(&p, consts, (__u64)getpid());
	prog_clause(&p, 24, ASM_PRED_PID_IS_CONST0,
		    plain ? "ldb r1, pid\n"
			    "emit8 r1, 0\n"
			    "ret r0\n"
			  : "ldb r1, ustackdepth\n"
			    "emit8 r1, 0\n"
			    "emitustack 8, 2\n"
			    "ret r0\n");
	err = load_prog(t->fd, &p, &t->ld, t->log, sizeof(t->log));
	prog_free(&p);
	return err;
}

/* This program's executable mapping (it is static: bias 0). */
static int text_range(__u64 *start, __u64 *end)
{
	char line[512], perm[8], exe[256];
	unsigned long long s, e;
	ssize_t n;
	FILE *f;

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return -1;
	exe[n] = 0;
	f = fopen("/proc/self/maps", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx-%llx %7s", &s, &e, perm) == 3 &&
		    perm[2] == 'x' && strstr(line, exe)) {
			*start = s;
			*end = e;
			fclose(f);
			return 0;
		}
	fclose(f);
	return -1;
}

FIXTURE(utab) {
	struct trace t;
	struct sonde_utab u;
	struct sonde_utab_map maps[2];
	struct sonde_utab_row rows[4];
};

FIXTURE_SETUP(utab)
{
	ASSERT_EQ(0, trace_open(&self->t));
	memset(&self->u, 0, sizeof(self->u));
	memset(self->maps, 0, sizeof(self->maps));
	memset(self->rows, 0, sizeof(self->rows));
	/* two mappings of two rows each: SP+8 then SP+16 saving RBP */
	self->maps[0] = (struct sonde_utab_map){
		.start = 0x400000, .end = 0x401000, .bias = 0,
		.first = 0, .count = 2 };
	self->maps[1] = (struct sonde_utab_map){
		.start = 0x7f0000001000, .end = 0x7f0000003000,
		.bias = 0x7f0000000000, .first = 2, .count = 2 };
	self->rows[0] = (struct sonde_utab_row){ .pc = 0x400000,
		.rule = SONDE_UROW_SP, .cfa_off = 8, .ra_off = -8 };
	self->rows[1] = (struct sonde_utab_row){ .pc = 0x400001,
		.rule = SONDE_UROW_SP, .cfa_off = 16, .ra_off = -8,
		.rbp_off = -16 };
	self->rows[2] = (struct sonde_utab_row){ .pc = 0x1000,
		.rule = SONDE_UROW_PLT, .cfa_off = 8, .ra_off = -8, .arg = 11 };
	self->rows[3] = (struct sonde_utab_row){ .pc = 0x1800,
		.rule = SONDE_UROW_NONE };
	self->u.size = sizeof(self->u);
	self->u.pid = getpid();
	self->u.nmaps = 2;
	self->u.nrows = 4;
	self->u.maps = (__u64)(unsigned long)self->maps;
	self->u.rows = (__u64)(unsigned long)self->rows;
}

FIXTURE_TEARDOWN(utab)
{
	close(self->t.fd);
}

static int give(int fd, struct sonde_utab *u)
{
	return ioctl(fd, SONDE_IOC_UTAB, u) ? errno : 0;
}

TEST_F(utab, needs_a_program_with_user_stacks)
{
	EXPECT_EQ(EBUSY, give(self->t.fd, &self->u));
	ASSERT_EQ(0, load_depth(&self->t, true)) TH_LOG("%s", self->t.log);
	EXPECT_EQ(EBUSY, give(self->t.fd, &self->u));
}

TEST_F(utab, taken_replaced_dropped)
{
	ASSERT_EQ(0, load_depth(&self->t, false)) TH_LOG("%s", self->t.log);
	ASSERT_EQ(0, give(self->t.fd, &self->u));
	EXPECT_LT(4 * sizeof(struct sonde_utab_row), self->u.bytes);
	/* again, for the same process: replaced */
	self->u.nmaps = 1;
	ASSERT_EQ(0, give(self->t.fd, &self->u));
	/* dropped */
	self->u.nmaps = 0;
	self->u.nrows = 0;
	self->u.maps = 0;
	self->u.rows = 0;
	ASSERT_EQ(0, give(self->t.fd, &self->u));
	EXPECT_EQ(0, self->u.bytes);
}

/* Each malformed table, with the errno it gets. */
TEST_F(utab, malformed_refused)
{
	struct sonde_utab_map m0[2];
	struct sonde_utab_row r0[4];
	struct sonde_utab u0;
	struct {
		const char *what;
		void (*bad)(struct sonde_utab *u, struct sonde_utab_map *m,
			    struct sonde_utab_row *r);
		int err;
	} cases[] = {
#define C(what, err, body)						\
	{ what, ({ void f(struct sonde_utab *u,				\
			  struct sonde_utab_map *m,			\
			  struct sonde_utab_row *r) { body; } f; }), err }
		C("size", EINVAL, u->size = 8),
		C("flags", EINVAL, u->flags = 1),
		C("reserved", EINVAL, u->reserved[4] = 1),
		C("pid 0", EINVAL, u->pid = 0),
		C("no such pid", ESRCH, u->pid = 0x3ffffff0),
		C("rows without maps", EINVAL, u->nmaps = 0),
		C("too many maps", E2BIG, u->nmaps = SONDE_UTAB_MAX_MAPS + 1),
		C("too many rows", E2BIG, u->nrows = SONDE_UTAB_MAX_ROWS + 1),
		C("past the reservation", E2BIG,
		  u->nrows = SONDE_UTAB_MAX_BYTES /
			     sizeof(struct sonde_utab_row)),
		C("rows unreadable", EFAULT, u->rows = 16),
		C("empty mapping", EINVAL, m[0].end = m[0].start),
		C("mappings unsorted", EINVAL,
		  { struct sonde_utab_map x = m[0]; m[0] = m[1]; m[1] = x; }),
		C("mappings overlap", EINVAL, m[1].start = m[0].end - 0x10;
		  m[1].end = m[0].end + 0x2000; m[1].bias = 0),
		C("mapping past user space", EINVAL,
		  m[1].end = 0xffff900000000000ULL),
		C("bias above start", EINVAL, m[0].bias = m[0].start + 1),
		C("mapping over 4 GB of bias", EINVAL,
		  m[1].end = m[1].bias + (1ULL << 32) + 0x1000),
		C("no rows", EINVAL, m[0].count = 0),
		C("rows past the end", EINVAL, m[1].count = 3),
		C("first past the end", EINVAL, m[1].first = 4),
		C("rows unsorted", EINVAL, r[1].pc = r[0].pc),
		C("unknown rule", EINVAL, r[0].rule = SONDE_NUROWS),
		C("rule 255", EINVAL, r[0].rule = 255),
		C("row reserved", EINVAL, r[0].reserved = 1),
		C("SP below 8", EINVAL, r[0].cfa_off = 0),
		C("SP too far", EINVAL, r[0].cfa_off = SONDE_UTAB_MAX_OFF + 8),
		C("return address above the CFA", EINVAL, r[0].ra_off = 0),
		C("RBP above the CFA", EINVAL, r[1].rbp_off = 8),
		C("NONE with an offset", EINVAL, r[3].cfa_off = 8),
		C("FP with an offset", EINVAL,
		  r[3].rule = SONDE_UROW_FP; r[3].ra_off = -8),
		C("STOP with an argument", EINVAL,
		  r[3].rule = SONDE_UROW_STOP; r[3].arg = 1),
		C("PLT threshold 0", EINVAL, r[2].arg = 0),
		C("PLT threshold 16", EINVAL, r[2].arg = 16),
		C("PLT saving RBP", EINVAL, r[2].rbp_off = -16),
		C("SP with an argument", EINVAL, r[0].arg = 1),
#undef C
	};
	unsigned int i;

	ASSERT_EQ(0, load_depth(&self->t, false)) TH_LOG("%s", self->t.log);
	memcpy(m0, self->maps, sizeof(m0));
	memcpy(r0, self->rows, sizeof(r0));
	u0 = self->u;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		memcpy(self->maps, m0, sizeof(m0));
		memcpy(self->rows, r0, sizeof(r0));
		self->u = u0;
		cases[i].bad(&self->u, self->maps, self->rows);
		EXPECT_EQ(cases[i].err, give(self->t.fd, &self->u))
			TH_LOG("%s", cases[i].what);
	}
	/* and the good one still goes */
	memcpy(self->maps, m0, sizeof(m0));
	memcpy(self->rows, r0, sizeof(r0));
	self->u = u0;
	EXPECT_EQ(0, give(self->t.fd, &self->u));
}

/*
 * The walk uses the table: a row saying syscall() (libc's, linked into
 * this static program) has its return address on top of the stack,
 * STOP everywhere else: exactly two frames, the second the return
 * address in depth_of_getppid().  A frame-pointer walk (the table
 * ignored) would follow this -O2 program's RBP instead.
 */
static __attribute__((noinline)) long depth_of_getppid(struct trace *t,
						       __u64 pcs[2])
{
	struct sonde_rechdr *h;
	struct drain dr;
	long depth = -1;

	if (ioctl(t->fd, SONDE_IOC_GO, &t->go))
		return -2;
	syscall(SYS_getppid);
	if (trace_stop(t))
		return -3;
	for_each_drain(&dr, t->fd, SONDE_IOC_DRAIN, t->ld.bufsize)
		for_each_rec(h, &dr)
			if (h->size >= sizeof(*h) + 24) {
				memcpy(&depth, h + 1, 8);
				memcpy(pcs, (char *)(h + 1) + 8, 16);
			}
	return depth;
}

TEST_F(utab, rows_walk_the_stack)
{
	__u64 start, end, sys = (__u64)(unsigned long)&syscall, pcs[2];

	ASSERT_EQ(0, text_range(&start, &end));
	if (end > (1ULL << 32) || sys < start || sys + 0x40 > end)
		SKIP(return, "not a static non-PIE program with syscall()");
	ASSERT_EQ(0, load_depth(&self->t, false)) TH_LOG("%s", self->t.log);
	self->maps[0] = (struct sonde_utab_map){
		.start = start, .end = end, .bias = 0, .first = 0,
		.count = 3 };
	self->rows[0] = (struct sonde_utab_row){ .pc = 0,
		.rule = SONDE_UROW_STOP };
	/* glibc's syscall(): no frame of its own, CFA = RSP + 8 */
	self->rows[1] = (struct sonde_utab_row){ .pc = (__u32)sys,
		.rule = SONDE_UROW_SP, .cfa_off = 8, .ra_off = -8 };
	self->rows[2] = (struct sonde_utab_row){ .pc = (__u32)sys + 0x40,
		.rule = SONDE_UROW_STOP };
	self->u.nmaps = 1;
	self->u.nrows = 3;
	ASSERT_EQ(0, give(self->t.fd, &self->u));
	ASSERT_EQ(2, depth_of_getppid(&self->t, pcs));
	EXPECT_LE(sys, pcs[0]);
	EXPECT_GT(sys + 0x40, pcs[0]);
	EXPECT_LT(pcs[1] - (__u64)(unsigned long)&depth_of_getppid, 0x400)
		TH_LOG("second frame %llx, depth_of_getppid at %p",
		       (unsigned long long)pcs[1], &depth_of_getppid);
}

TEST_HARNESS_MAIN
