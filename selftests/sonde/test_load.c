// SPDX-License-Identifier: GPL-2.0
/*
 * test_load.c - SONDE_IOC_LOAD against malformed program images.
 *
 * A minimal valid image is built by hand (header, one enabling of the
 * dtrace:::BEGIN probe, one clause whose actions are a single "ret r0")
 * and must load; then each test breaks one thing and checks the errno the
 * uapi documents and that the verifier log says something (matched by
 * substring only: the wording belongs to vm/image.c and vm/verify.c).
 * The runner fails the run if the kernel log shows a splat.
 *
 * Runs as root in the test guest with sonde.ko loaded; each test gets a
 * fresh fd (one program per fd).
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "kselftest_harness.h"
#include "sonde.h"

#define LOG_SIZE	4096

/*
 * The minimal image, laid out as the kernel reads it: every section at an
 * 8-byte aligned offset (112, 120, 152) with no padding in between.  Its
 * size is offsetof(insns) plus the instructions in use.
 */
struct minimg {
	struct sonde_prog_hdr hdr;
	struct sonde_ecb ecb;
	struct sonde_clause clause;
	struct sonde_insn insns[8];
} __attribute__((aligned(8)));

#define INSN(o, d, s, t, i) \
	((struct sonde_insn){ .op = (o), .rd = (d), .rs = (s), .rt = (t), .imm = (i) })

static __u32 img_size(__u32 n)
{
	return offsetof(struct minimg, insns) + n * sizeof(struct sonde_insn);
}

/*
 * init_img - a valid image whose clause runs @n instructions: n - 1 nops
 * and a final "ret r0".  Returns the image size in bytes.  Empty sections
 * have offset 0 (the image format requires it).
 */
static __u32 init_img(struct minimg *m, __u32 probe_id, __u32 n)
{
	__u32 i;

	memset(m, 0, sizeof(*m));
	m->hdr.magic = SONDE_PROG_MAGIC;
	m->hdr.hdr_size = sizeof(m->hdr);
	m->hdr.abi_version = SONDE_ABI_VERSION;
	m->hdr.sects[SONDE_SECT_ECBS].off = offsetof(struct minimg, ecb);
	m->hdr.sects[SONDE_SECT_ECBS].count = 1;
	m->hdr.sects[SONDE_SECT_CLAUSES].off = offsetof(struct minimg, clause);
	m->hdr.sects[SONDE_SECT_CLAUSES].count = 1;
	m->hdr.sects[SONDE_SECT_INSNS].off = offsetof(struct minimg, insns);
	m->hdr.sects[SONDE_SECT_INSNS].count = n;
	m->ecb.probe_id = probe_id;
	m->ecb.clause = 0;
	m->clause.act_off = 0;
	m->clause.act_len = n;
	for (i = 0; i + 1 < n; i++)
		m->insns[i] = INSN(SONDE_OP_NOP, 0, 0, 0, 0);
	m->insns[n - 1] = INSN(SONDE_OP_RET, 0, 0, 0, 0);
	return img_size(n);
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
	struct minimg m;
	__u32 size;
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
	self->size = init_img(&self->m, self->begin_id, 1);
}

FIXTURE_TEARDOWN(load)
{
	if (self->fd >= 0)
		close(self->fd);
}

/*
 * REJECTED(err, substr) - load self->m (self->size bytes) and expect errno
 * @err and a non-empty log containing @substr (NULL: any text).
 * log_true_size is only checked where the uapi promises it (ENOSPC).  Then check that the fd is still usable: the valid
 * image loads on it.
 */
#define REJECTED(err, substr)	rejected(_metadata, self, (err), (substr))

static void rejected(struct __test_metadata *_metadata,
		     FIXTURE_DATA(load) *self, int err, const char *substr)
{
	struct minimg ok;
	__u32 ok_size;
	int got;

	got = do_load(self->fd, &self->m, self->size, self->log, LOG_SIZE, 0,
		      &self->ld);
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
	ok_size = init_img(&ok, self->begin_id, 1);
	EXPECT_EQ(0, do_load(self->fd, &ok, ok_size, NULL, 0, 0, NULL));
}

TEST_F(load, valid_minimal_image_loads)
{
	ASSERT_EQ(0, do_load(self->fd, &self->m, self->size, self->log,
			     LOG_SIZE, 0, &self->ld)) {
		TH_LOG("LOAD of the minimal image: %s; log: %s",
		       strerror(errno), self->log);
	}
	/* bufsize is at least the option's minimum; aggsize may be 0 here. */
	EXPECT_LE(4096, self->ld.bufsize);
}

TEST_F(load, valid_image_with_predicate_loads)
{
	/* predicate: movi r1, 1; ret r1 -- actions: ret r0 */
	self->m.insns[0] = INSN(SONDE_OP_MOVI, 1, 0, 0, 1);
	self->m.insns[1] = INSN(SONDE_OP_RET, 0, 1, 0, 0);
	self->m.insns[2] = INSN(SONDE_OP_RET, 0, 0, 0, 0);
	self->m.hdr.sects[SONDE_SECT_INSNS].count = 3;
	self->m.clause.pred_off = 0;
	self->m.clause.pred_len = 2;
	self->m.clause.act_off = 2;
	self->m.clause.act_len = 1;
	self->size = img_size(3);
	ASSERT_EQ(0, do_load(self->fd, &self->m, self->size, self->log,
			     LOG_SIZE, 0, NULL)) {
		TH_LOG("LOAD: %s; log: %s", strerror(errno), self->log);
	}
}

TEST_F(load, second_load_is_ebusy)
{
	ASSERT_EQ(0, do_load(self->fd, &self->m, self->size, self->log,
			     LOG_SIZE, 0, NULL));
	EXPECT_EQ(EBUSY, do_load(self->fd, &self->m, self->size, self->log,
				 LOG_SIZE, 0, NULL));
}

TEST_F(load, bad_magic)
{
	self->m.hdr.magic = 0x12345678;
	REJECTED(EINVAL, "magic");
}

TEST_F(load, wrong_abi_version)
{
	self->m.hdr.abi_version = SONDE_ABI_VERSION + 100;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, wrong_header_size)
{
	self->m.hdr.hdr_size = 8;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, image_smaller_than_header)
{
	self->size = 16;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, header_flags_nonzero)
{
	self->m.hdr.flags = 1;
	REJECTED(EINVAL, "reserved");
}

TEST_F(load, header_reserved_nonzero)
{
	self->m.hdr.reserved[7] = 1;
	REJECTED(EINVAL, "reserved");
}

TEST_F(load, bad_opcode)
{
	self->size = init_img(&self->m, self->begin_id, 2);
	self->m.insns[0] = INSN(0xee, 0, 0, 0, 0);
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, register_out_of_range)
{
	self->m.insns[0] = INSN(SONDE_OP_RET, 0, SONDE_NREGS, 0, 0);
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, destination_register_out_of_range)
{
	self->size = init_img(&self->m, self->begin_id, 2);
	self->m.insns[0] = INSN(SONDE_OP_MOVI, 16, 0, 0, 1);
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, backward_branch)
{
	/* nop; ja -2 (to insn 0); ret r0 */
	self->size = init_img(&self->m, self->begin_id, 3);
	self->m.insns[1] = INSN(SONDE_OP_JA, 0, 0, 0, -2);
	REJECTED(EINVAL, "insn 1");
}

TEST_F(load, branch_past_end)
{
	/* ja +5 from insn 0 of a 2-instruction program */
	self->size = init_img(&self->m, self->begin_id, 2);
	self->m.insns[0] = INSN(SONDE_OP_JA, 0, 0, 0, 5);
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, missing_final_ret)
{
	self->m.insns[0] = INSN(SONDE_OP_MOVI, 1, 0, 0, 1);
	REJECTED(EINVAL, "insn");
}

TEST_F(load, unused_operand_rd_nonzero)
{
	/* ret uses rs only */
	self->m.insns[0] = INSN(SONDE_OP_RET, 1, 0, 0, 0);
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, unused_operand_imm_nonzero)
{
	self->m.insns[0] = INSN(SONDE_OP_RET, 0, 0, 0, 7);
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, nop_operands_nonzero)
{
	self->size = init_img(&self->m, self->begin_id, 2);
	self->m.insns[0] = INSN(SONDE_OP_NOP, 0, 0, 3, 0);
	REJECTED(EINVAL, "insn 0");
}

TEST_F(load, section_offset_past_end)
{
	self->m.hdr.sects[SONDE_SECT_INSNS].off = self->size + 8;
	REJECTED(EINVAL, "truncated");
}

TEST_F(load, section_count_past_end)
{
	self->m.hdr.sects[SONDE_SECT_INSNS].count = 100;
	REJECTED(EINVAL, "truncated");
}

TEST_F(load, section_offset_misaligned)
{
	self->m.hdr.sects[SONDE_SECT_ECBS].off += 4;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, section_overlaps_header)
{
	self->m.hdr.sects[SONDE_SECT_ECBS].off = 8;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, empty_section_with_offset)
{
	self->m.hdr.sects[SONDE_SECT_CONSTS].off = 8;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, too_many_insns)
{
	self->m.hdr.sects[SONDE_SECT_INSNS].count = SONDE_MAX_INSNS + 1;
	REJECTED(E2BIG, NULL);
}

TEST_F(load, too_many_clauses)
{
	self->m.hdr.sects[SONDE_SECT_CLAUSES].count = SONDE_MAX_CLAUSES + 1;
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
	memcpy(big, &self->m, self->size);
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
	self->m.clause.flags = 0x80000000u;
	REJECTED(EINVAL, "reserved");
}

TEST_F(load, clause_actions_out_of_range)
{
	/* one action but no ACTS section to say where it starts */
	self->m.clause.nacts = 1;
	REJECTED(EINVAL, "out of range");
}

TEST_F(load, clause_range_outside_insns)
{
	self->m.clause.act_off = 5;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, clause_empty_actions)
{
	self->m.clause.act_len = 0;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, enabling_clause_out_of_range)
{
	self->m.ecb.clause = 1;
	REJECTED(EINVAL, NULL);
}

TEST_F(load, unknown_probe_id)
{
	self->m.ecb.probe_id = 0x7ffffff0;
	REJECTED(ENOENT, NULL);
}

TEST_F(load, load_reserved_nonzero)
{
	int got = do_load(self->fd, &self->m, self->size, self->log, LOG_SIZE,
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

	self->size = init_img(&self->m, self->begin_id, 2);
	self->m.insns[0] = INSN(0xee, 0, 0, 0, 0);
	got = do_load(self->fd, &self->m, self->size, small, sizeof(small), 0,
		      &self->ld);
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
	got = do_load(self->fd, &self->m, self->size, log, need, 0, &self->ld);
	EXPECT_EQ(EINVAL, got);
	EXPECT_EQ(need, strlen(log) + 1);
	free(log);
}

TEST_HARNESS_MAIN
