// SPDX-License-Identifier: GPL-2.0
/*
 * test_load.c - SONDE_IOC_LOAD against malformed program images.
 *
 * A minimal valid image (header, one enabling of the dtrace:::BEGIN
 * probe, one clause whose actions are a single "ret r0") is built with
 * the tests' builder, img.h, and must load; then each test breaks one
 * thing -- the code, written in assembly (`.byte` for what the assembler
 * would not say), a table, or the laid-out image itself -- and checks
 * the errno the uapi documents and that the verifier log says something
 * (matched by substring only: the wording belongs to vm/image.c and
 * vm/verify.c).
 * The runner fails the run if the kernel log shows a splat.
 *
 * Runs as root in the test guest with sonde.ko loaded; each test gets a
 * fresh fd (one program per fd).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde.h"
#include "img.h"

#define LOG_SIZE	4096

/*
 * build - @p anew: one enabling of @probe_id running one clause of
 * predicate @pred (NULL: none) and actions @act, laid out as the kernel
 * reads it (the header, then the enabling, the clause and the
 * instructions, each at an 8-byte aligned offset; empty sections have
 * offset 0, as the image format requires).  Returns the image size in
 * bytes.
 */
static __u32 build(struct prog *p, __u32 probe_id, const char *pred,
		   const char *act)
{
	prog_free(p);
	prog_ecb(p, probe_id, 0);
	prog_clause(p, 0, pred, act);
	prog_image(p);
	return p->len;
}

/* @p's image laid out again after a test changed a table: its size. */
static __u32 rebuild(struct prog *p)
{
	prog_image(p);
	return p->len;
}

/*
 * do_load - SONDE_IOC_LOAD of @size bytes at @img with a log of @log_size
 * bytes; 0 or the errno.  @ld (may be NULL) receives the struct after the
 * call; @reserved0 goes into ld.reserved[0] (to test that check).
 */
static int do_load(int fd, const void *img, __u32 size, char *log,
		   __u32 log_size, __u32 reserved0, struct sonde_load *out)
{
	struct sonde_load ld;
	int ret;

	memset(&ld, 0, sizeof(ld));
	ld.prog = (__u64)(unsigned long)img;
	ld.prog_size = size;
	ld.log_level = 1;
	ld.log_buf = (__u64)(unsigned long)log;
	ld.log_size = log_size;
	ld.reserved[0] = reserved0;
	if (log && log_size)
		memset(log, 0, log_size);
	ret = ioctl(fd, SONDE_IOC_LOAD, &ld);
	if (out)
		*out = ld;
	return ret ? errno : 0;
}

/* The probe id of dtrace:::BEGIN, or 0. */
static __u32 begin_probe_id(int fd)
{
	struct sonde_probe_info pi[4];
	struct sonde_probes q;

	memset(&q, 0, sizeof(q));
	memset(pi, 0, sizeof(pi));
	strcpy(q.desc.provider, "dtrace");
	strcpy(q.desc.name, "BEGIN");
	q.buf = (__u64)(unsigned long)pi;
	q.buf_count = 4;
	if (ioctl(fd, SONDE_IOC_PROBES, &q) || q.count < 1)
		return 0;
	return pi[0].id;
}

FIXTURE(load) {
	int fd;
	__u32 begin_id;
	struct prog p;
	__u32 size;		/* the bytes of p.img to LOAD */
	char log[LOG_SIZE];
	struct sonde_load ld;
};

FIXTURE_SETUP(load)
{
	self->fd = open(SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd) {
		TH_LOG("open %s: %s", SONDE_DEVICE_PATH, strerror(errno));
	}
	self->begin_id = begin_probe_id(self->fd);
	ASSERT_NE(0, self->begin_id) {
		TH_LOG("SONDE_IOC_PROBES found no dtrace:::BEGIN: %s", strerror(errno));
	}
	prog_init(&self->p);
	self->size = build(&self->p, self->begin_id, NULL, "ret r0\n");
}

FIXTURE_TEARDOWN(load)
{
	if (self->fd >= 0)
		close(self->fd);
	prog_free(&self->p);
}

/*
 * REJECTED(err, substr) - load self->p.img (self->size bytes) and expect
 * errno @err and a non-empty log containing @substr (NULL: any text).
 * log_true_size is only checked where the uapi promises it (ENOSPC).
 * Then check that the fd is still usable: the valid image loads on it.
 */
#define REJECTED(err, substr)	rejected(_metadata, self, (err), (substr))

static void rejected(struct __test_metadata *_metadata,
		     FIXTURE_DATA(load) *self, int err, const char *substr)
{
	struct prog ok;
	__u32 ok_size;
	int got;

	got = do_load(self->fd, self->p.img, self->size, self->log, LOG_SIZE,
		      0, &self->ld);
	TH_LOG("log: %s", self->log);
	ASSERT_EQ(err, got) {
		TH_LOG("LOAD: got %s (%d), want %s (%d)",
		       got ? strerror(got) : "success", got, strerror(err), err);
	}
	EXPECT_LT(0, strlen(self->log)) {
		TH_LOG("a rejection must explain itself in the log");
	}
	if (substr) {
		EXPECT_NE(NULL, strstr(self->log, substr)) {
			TH_LOG("log does not mention '%s'", substr);
		}
	}
	/* A rejected LOAD leaves nothing behind: the fd still takes one. */
	prog_init(&ok);
	ok_size = build(&ok, self->begin_id, NULL, "ret r0\n");
	EXPECT_EQ(0, do_load(self->fd, ok.img, ok_size, NULL, 0, 0, NULL));
	prog_free(&ok);
}

TEST_F(load, valid_minimal_image_loads)
{
	ASSERT_EQ(0, do_load(self->fd, self->p.img, self->size, self->log,
			     LOG_SIZE, 0, &self->ld)) {
		TH_LOG("LOAD of the minimal image: %s; log: %s",
		       strerror(errno), self->log);
	}
	/* bufsize is at least the option's minimum; aggsize may be 0 here. */
	EXPECT_LE(4096, self->ld.bufsize);
}

TEST_F(load, valid_image_with_predicate_loads)
{
	self->size = build(&self->p, self->begin_id,
			   "movi r1, 1\n"
			   "ret r1\n",
			   "ret r0\n");
	ASSERT_EQ(0, do_load(self->fd, self->p.img, self->size, self->log,
			     LOG_SIZE, 0, NULL)) {
		TH_LOG("LOAD: %s; log: %s", strerror(errno), self->log);
	}
}

TEST_F(load, second_load_is_ebusy)
{
	ASSERT_EQ(0, do_load(self->fd, self->p.img, self->size, self->log,
			     LOG_SIZE, 0, NULL));
	EXPECT_EQ(EBUSY, do_load(self->fd, self->p.img, self->size, self->log,
				 LOG_SIZE, 0, NULL));
}

TEST_F(load, bad_magic)
{
	prog_hdr(&self->p)->magic = 0x12345678;
	REJECTED(EINVAL, "magic");
}

TEST_F(load, wrong_abi_version)
{
	prog_hdr(&self->p)->abi_version = SONDE_ABI_VERSION + 100;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, wrong_header_size)
{
	prog_hdr(&self->p)->hdr_size = 8;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, image_smaller_than_header)
{
	self->size = 16;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, header_flags_nonzero)
{
	prog_hdr(&self->p)->flags = 1;
	REJECTED(EINVAL, "reserved");
}

TEST_F(load, header_reserved_nonzero)
{
	prog_hdr(&self->p)->reserved[7] = 1;
	REJECTED(EINVAL, "reserved");
}

TEST_F(load, bad_opcode)
{
	self->size = build(&self->p, self->begin_id, NULL,
			   ".byte 0xee, 0, 0, 0, 0\n"
			   "ret r0\n");
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, register_out_of_range)
{
	_Static_assert(SONDE_NREGS == 16, "r16 is the first one out of range");
	self->size = build(&self->p, self->begin_id, NULL, "ret r16\n");
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, destination_register_out_of_range)
{
	self->size = build(&self->p, self->begin_id, NULL,
			   "movi r16, 1\n"
			   "ret r0\n");
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, backward_branch)
{
	self->size = build(&self->p, self->begin_id, NULL,
			   "nop\n"
			   "ja -2\n"		/* to insn 0 */
			   "ret r0\n");
	REJECTED(EINVAL, "insn 1");
}

TEST_F(load, branch_past_end)
{
	/* from insn 0 of a 2-instruction program */
	self->size = build(&self->p, self->begin_id, NULL,
			   "ja +5\n"
			   "ret r0\n");
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, missing_final_ret)
{
	self->size = build(&self->p, self->begin_id, NULL, "movi r1, 1\n");
	REJECTED(EINVAL, "insn");
}

TEST_F(load, unused_operand_rd_nonzero)
{
	/* ret uses rs only */
	self->size = build(&self->p, self->begin_id, NULL,
			   ".byte ret, 1, 0, 0, 0\n");
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, unused_operand_imm_nonzero)
{
	self->size = build(&self->p, self->begin_id, NULL,
			   ".byte ret, 0, 0, 0, 7\n");
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, nop_operands_nonzero)
{
	self->size = build(&self->p, self->begin_id, NULL,
			   ".byte nop, 0, 0, 3, 0\n"
			   "ret r0\n");
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, section_offset_past_end)
{
	prog_hdr(&self->p)->sects[SONDE_SECT_INSNS].off = self->size + 8;
	REJECTED(EINVAL, "truncated");
}

TEST_F(load, section_count_past_end)
{
	prog_hdr(&self->p)->sects[SONDE_SECT_INSNS].count = 100;
	REJECTED(EINVAL, "truncated");
}

TEST_F(load, section_offset_misaligned)
{
	prog_hdr(&self->p)->sects[SONDE_SECT_ECBS].off += 4;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, section_overlaps_header)
{
	prog_hdr(&self->p)->sects[SONDE_SECT_ECBS].off = 8;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, empty_section_with_offset)
{
	prog_hdr(&self->p)->sects[SONDE_SECT_CONSTS].off = 8;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, too_many_insns)
{
	prog_hdr(&self->p)->sects[SONDE_SECT_INSNS].count = SONDE_MAX_INSNS + 1;
	REJECTED(E2BIG, NULL);
}

TEST_F(load, too_many_clauses)
{
	prog_hdr(&self->p)->sects[SONDE_SECT_CLAUSES].count = SONDE_MAX_CLAUSES + 1;
	REJECTED(E2BIG, NULL);
}

TEST_F(load, image_too_large)
{
	/* A real buffer, so the size is the only thing wrong with it. */
	__u32 size = SONDE_MAX_PROG_SIZE + 8;
	void *big = NULL;
	int got;

	ASSERT_EQ(0, posix_memalign(&big, 8, size));
	memset(big, 0, size);
	memcpy(big, self->p.img, self->size);
	got = do_load(self->fd, big, size, self->log, LOG_SIZE, 0, &self->ld);
	free(big);
	TH_LOG("log: %s", self->log);
	EXPECT_EQ(E2BIG, got) {
		TH_LOG("LOAD of %u bytes: got %s", size, got ? strerror(got) : "success");
	}
}

TEST_F(load, clause_unknown_flags)
{
	/* SONDE_CLAUSEF_RECORD is the only flag */
	self->p.clauses[0].flags = 0x80000000u;
	self->size = rebuild(&self->p);
	REJECTED(EINVAL, "reserved");
}

TEST_F(load, clause_actions_out_of_range)
{
	/* one action but no ACTS section to say where it starts */
	self->p.clauses[0].nacts = 1;
	self->size = rebuild(&self->p);
	REJECTED(EINVAL, "out of range");
}

TEST_F(load, clause_range_outside_insns)
{
	self->p.clauses[0].act_off = 5;
	self->size = rebuild(&self->p);
	REJECTED(EINVAL, NULL);
}

TEST_F(load, clause_empty_actions)
{
	self->p.clauses[0].act_len = 0;
	self->size = rebuild(&self->p);
	REJECTED(EINVAL, NULL);
}

TEST_F(load, enabling_clause_out_of_range)
{
	self->p.ecbs[0].clause = 1;
	self->size = rebuild(&self->p);
	REJECTED(EINVAL, NULL);
}

TEST_F(load, unknown_probe_id)
{
	self->p.ecbs[0].probe_id = 0x7ffffff0;
	self->size = rebuild(&self->p);
	REJECTED(ENOENT, NULL);
}

TEST_F(load, load_reserved_nonzero)
{
	int got = do_load(self->fd, self->p.img, self->size, self->log, LOG_SIZE,
			  1, NULL);

	EXPECT_EQ(EINVAL, got) {
		TH_LOG("LOAD with sonde_load.reserved[0] = 1: got %s",
		       got ? strerror(got) : "success");
	}
}

TEST_F(load, log_buffer_too_small)
{
	char small[8];
	char *log;
	__u32 need;
	int got;

	self->size = build(&self->p, self->begin_id, NULL,
			   ".byte 0xee, 0, 0, 0, 0\n"
			   "ret r0\n");
	got = do_load(self->fd, self->p.img, self->size, small, sizeof(small),
		      0, &self->ld);
	EXPECT_EQ(ENOSPC, got) {
		TH_LOG("LOAD with an 8-byte log: got %s", got ? strerror(got) : "success");
	}
	EXPECT_LT(sizeof(small), self->ld.log_true_size);
	/* What fits is there, NUL-terminated. */
	EXPECT_LT(0, strnlen(small, sizeof(small)));
	EXPECT_GT(sizeof(small), strnlen(small, sizeof(small)));

	/* The size it asked for is enough. */
	need = self->ld.log_true_size;
	log = calloc(1, need ? need : 1);
	ASSERT_NE(NULL, log);
	got = do_load(self->fd, self->p.img, self->size, log, need, 0,
		      &self->ld);
	EXPECT_EQ(EINVAL, got);
	EXPECT_EQ(need, strlen(log) + 1);
	free(log);
}

TEST_HARNESS_MAIN
