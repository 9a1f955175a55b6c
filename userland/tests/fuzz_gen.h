/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz_gen.h - the fuzzers' program generator: a fuzzer's input read as a
 * stream of choices (exhausted input reads as zeros) that build a
 * well-formed program (options, aggregations, variables, constants, a
 * string table, clauses of mostly valid instructions that follow a
 * register type model, so that many pass the verifier), with mistakes
 * sprinkled in so the verifier's rejections are exercised too.  Used by
 * fuzz_vm.c (the VM in the test world) and fuzz_kmod.c (the module's own
 * code in the kernel shim world), which adds enablings and small buffer
 * options.
 */
#ifndef _SONDE_FUZZ_GEN_H
#define _SONDE_FUZZ_GEN_H

#include <stdbool.h>

#include "vm.h"
#include "program.h"

#define FZ_MAX_INSNS	240
#define FZ_MAX_STRTAB	8192	/* 8 strings of at most 600 bytes */
#define FZ_MAX_CLAUSES	4
#define FZ_MAX_ECBS	8
/* the memory windows loads may read: kernel and user (vm_env.h's) */
#define FZ_KBASE	0x1000ULL
#define FZ_UBASE	0x2000ULL

/* The input, consumed from the front. */
struct fz_in {
	const u8 *p;
	size_t n;
};

u8 fz_u8(struct fz_in *in);
u32 fz_u32(struct fz_in *in);
u64 fz_u64(struct fz_in *in);
/* 0 .. n-1 */
u32 fz_below(struct fz_in *in, u32 n);
/* true with probability about pct / 100 */
bool fz_chance(struct fz_in *in, u32 pct);
/* mostly edge values, sometimes anything */
s64 fz_val64(struct fz_in *in);
s32 fz_val32(struct fz_in *in);

struct fz_prog {
	struct sonde_program p;
	struct sonde_pclause clauses[FZ_MAX_CLAUSES];
	struct sonde_ecb ecbs[FZ_MAX_ECBS];
	struct sonde_insn insns[FZ_MAX_INSNS];
	uint64_t consts[8];
	char strtab[FZ_MAX_STRTAB];
	u32 stroff[32];		/* starts of strings in strtab */
	u32 nstr;
	struct sonde_pagg aggs[4];
	struct sonde_dtype akeys[4][SONDE_MAX_AGG_KEYS];
	struct sonde_pvar vars[6];
	struct sonde_dtype vkeys[6][SONDE_MAX_AGG_KEYS];
	u32 strsize;
	bool kworld;		/* fz_genopts.kworld */
};

/* What the generator is for. */
struct fz_genopts {
	/*
	 * The kernel world: up to FZ_MAX_CLAUSES clauses, enablings of
	 * @probe_ids (chosen at random, sometimes ids that do not exist),
	 * and buffer, aggregation, dynamic-variable and speculation sizes
	 * small enough to fill.  Otherwise: one or two clauses, no enablings,
	 * options at random.
	 */
	bool kworld;
	const u32 *probe_ids;
	u32 nprobes;
};

/* Build a program from @in's choices into @g (serialise it with
 * sonde_program_image()); 0. */
int fz_generate(struct fz_in *in, struct fz_prog *g,
		const struct fz_genopts *o);

#endif /* _SONDE_FUZZ_GEN_H */
