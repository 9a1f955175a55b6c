// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_vm.c - a libFuzzer target over the image verifier and the
 * interpreter, built with ASan and UBSan (`make fuzz`, `make unit-fuzz`).
 *
 * The property: every image sonde_image_verify() accepts runs, clause by
 * clause, to completion without a sanitizer report and without touching
 * memory outside its own state.  Every input is used twice:
 *
 *  (a) as a raw program image, copied into a malloc'd buffer of exactly
 *      its size (so ASan sees any read past the end) and verified: the
 *      verifier must survive arbitrary bytes;
 *  (b) as the choices of a generator that builds a well-formed image
 *      (options, aggregations, variables, constants, a string table, one
 *      or two clauses of mostly valid instructions with a register type
 *      model, so that many programs pass), then sometimes pokes a few of
 *      its bytes.
 *
 * Every accepted image runs in the vm_env world with its record, scratch,
 * global and clause-local areas malloc'd at exactly the sizes the image
 * asks for, so an out-of-bounds emit, key build or string copy is an ASan
 * report.  The sections it was unpacked into are checked against the
 * rows of SONDE_SECTS (uapi/sonde.h).  Register indices and table indices
 * are checked against an independent model of what the interpreter reads
 * (ASan cannot see r[16]: it is inside struct sonde_vm_ctx), and a fault
 * must carry a code and a pc that make sense for the instruction there.
 * A violated invariant is __builtin_trap(): a crash the fuzzer reports.
 * Verifier rejections are expected and ignored.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vm_env.h"
#include "program.h"
#include "fuzz_gen.h"

_Static_assert(FZ_KBASE == MEM_KBASE && FZ_UBASE == MEM_UBASE,
	       "the generator aims at the test world's memory windows");

/* An invariant the verifier promised and the run broke. */
#define FZ_ASSERT(c)	do { if (!(c)) __builtin_trap(); } while (0)

/* ---- running an accepted image ---- */

/* Check @r (a register the interpreter will touch) is a register. */
#define FZ_REG(r)	FZ_ASSERT((u32)(r) < SONDE_NREGS)

/*
 * An independent model of which registers and table entries the
 * interpreter touches for each instruction of a verified program: the
 * interpreter trusts the verifier for all of them and nothing else (not
 * even ASan, for r[16]) would notice.
 */
static void fz_check_prog(const struct sonde_image *img, u32 off, u32 len,
			  u32 rec_size, bool pred)
{
	u32 pc, k, min, max;
	const char *args;

	FZ_ASSERT(len >= 1 && (u64)off + len <= img->ninsns);
	FZ_ASSERT(img->insns[off + len - 1].op == SONDE_OP_RET);
	for (pc = 0; pc < len; pc++) {
		const struct sonde_insn *in = &img->insns[off + pc];
		u32 sz;

		FZ_ASSERT(sonde_op_form(in->op) >= 0);
		switch (in->op) {
		case SONDE_OP_NOP:
		case SONDE_OP_JA:
			break;
		case SONDE_OP_RET:
		case SONDE_OP_EXIT:
		case SONDE_OP_JZ:
		case SONDE_OP_JNZ:
			FZ_REG(in->rs);
			break;
		case SONDE_OP_MOVI:
		case SONDE_OP_LDB:
			FZ_REG(in->rd);
			break;
		case SONDE_OP_LDC:
			FZ_REG(in->rd);
			FZ_ASSERT(in->imm >= 0 && (u32)in->imm < img->nconsts);
			break;
		case SONDE_OP_LDS:
			FZ_REG(in->rd);
			/* SONDE_LDS_NULL: the NULL string, no table entry */
			if (in->imm == SONDE_LDS_NULL)
				break;
			FZ_ASSERT(in->imm >= 0 &&
				  (u32)in->imm < img->nstrtab);
			FZ_ASSERT(!img->strtab[img->nstrtab - 1]);
			break;
		case SONDE_OP_MOV:
		case SONDE_OP_LDUREG:
		case SONDE_OP_NEG:
		case SONDE_OP_NOT:
		case SONDE_OP_LNOT:
		case SONDE_OP_LDK1 ... SONDE_OP_LDU8:
		case SONDE_OP_LDM1 ... SONDE_OP_LDM8:
		case SONDE_OP_BTOH:
		case SONDE_OP_HTOB:
			FZ_REG(in->rd);
			FZ_REG(in->rs);
			break;
		case SONDE_OP_ADD ... SONDE_OP_SAR:
		case SONDE_OP_SETEQ ... SONDE_OP_SCMP:
		case SONDE_OP_BADD:
			FZ_REG(in->rd);
			FZ_REG(in->rs);
			FZ_REG(in->rt);
			break;
		case SONDE_OP_STM1 ... SONDE_OP_STM8:
			/* a store into a buffer: rs the buffer, rt the value */
			FZ_REG(in->rs);
			FZ_REG(in->rt);
			break;
		case SONDE_OP_EMITM:
			FZ_ASSERT(!pred);
			FZ_REG(in->rs);
			FZ_ASSERT(SONDE_SOL_LEN(in->imm) &&
				  (u64)SONDE_SOL_OFF(in->imm) +
				  SONDE_SOL_LEN(in->imm) <= rec_size);
			break;
		case SONDE_OP_EMIT1 ... SONDE_OP_EMITS:
			FZ_ASSERT(!pred);
			FZ_REG(in->rs);
			sz = in->op == SONDE_OP_EMITS ? img->strsize :
			     1u << (in->op - SONDE_OP_EMIT1);
			FZ_ASSERT(in->imm >= 0 &&
				  (u64)in->imm + sz <= rec_size);
			break;
		case SONDE_OP_EMITKSTACK:
		case SONDE_OP_EMITUSTACK:
			FZ_ASSERT(!pred);
			/* stored as u64s straight into the record */
			FZ_ASSERT(in->imm >= 0 && in->imm % 8 == 0 && in->rt &&
				  (u64)in->imm + 8u * in->rt <= rec_size);
			break;
		case SONDE_OP_EMITJSTACK:
			FZ_ASSERT(!pred);
			/* a struct sonde_jstack of rt frames and the names'
			 * bytes, 8-byte aligned, inside the record */
			sz = SONDE_SOL_LEN(in->imm);
			FZ_ASSERT(in->rt && sz >= 8 &&
				  sz <= SONDE_JSTACK_MAXSTR && sz % 8 == 0 &&
				  SONDE_SOL_OFF(in->imm) % 8 == 0 &&
				  (u64)SONDE_SOL_OFF(in->imm) +
				  SONDE_JSTACK_SIZE(in->rt, sz) <= rec_size);
			break;
		case SONDE_OP_AGG: {
			const struct sonde_agg_desc *ad;

			FZ_ASSERT(!pred);
			FZ_ASSERT(in->imm >= 0 && (u32)in->imm < img->naggs);
			ad = &img->aggs[in->imm];
			/* the interpreter reads r[rt], and r[rt + 1] for an
			 * increment, whatever the function */
			FZ_REG(in->rt);
			if (ad->flags & SONDE_AGGF_INCR)
				FZ_REG(in->rt + 1);
			for (k = 0; k < ad->nkeys; k++)
				FZ_REG(in->rs + k);
			FZ_ASSERT(sonde_agg_key_size(img, in->imm) <=
				  img->max_key_size);
			break;
		}
		case SONDE_OP_LDG ... SONDE_OP_STTA: {
			const struct sonde_var_desc *vd;

			FZ_ASSERT(in->imm >= 0 && (u32)in->imm < img->nvars);
			vd = &img->vars[in->imm];
			switch (in->op) {
			case SONDE_OP_LDG:
			case SONDE_OP_LDL:
			case SONDE_OP_LDT:
				FZ_ASSERT(!vd->nkeys);
				FZ_REG(in->rd);
				break;
			case SONDE_OP_STG:
			case SONDE_OP_STL:
			case SONDE_OP_STT:
				FZ_ASSERT(!vd->nkeys);
				FZ_REG(in->rs);
				break;
			case SONDE_OP_LDGA:
			case SONDE_OP_LDTA:
				FZ_REG(in->rd);
				fallthrough;
			default:
				FZ_ASSERT(vd->nkeys);
				for (k = 0; k < vd->nkeys; k++)
					FZ_REG(in->rs + k);
				if (in->op == SONDE_OP_STGA ||
				    in->op == SONDE_OP_STTA)
					FZ_REG(in->rt);
			}
			FZ_ASSERT(sonde_key_size(img, vd->keys_off,
						 vd->nkeys) <=
				  img->max_key_size);
			break;
		}
		case SONDE_OP_CALL:
			FZ_REG(in->rd);
			FZ_REG(in->rs);		/* a[0] is always read */
			FZ_ASSERT(in->imm >= 0 &&
				  sonde_subr_sig(in->imm, &min, &max,
						 &args) >= 0);
			FZ_ASSERT(in->rt >= min && in->rt <= max);
			FZ_ASSERT(!pred || in->imm < SONDE_SUBR_FIRST_ACTION ||
				  in->imm >= SONDE_SUBR_FIRST_INTERNAL);
			for (k = 0; k < in->rt; k++)
				FZ_REG(in->rs + k);
			break;
		default:
			FZ_ASSERT(0);
		}
	}
}

/* A fault the instruction at its pc can raise. */
static void fz_check_fault(const struct sonde_image *img, u32 off, u32 len,
			   const struct sonde_vm_ctx *ctx)
{
	const struct sonde_insn *in;

	FZ_ASSERT(ctx->fault_pc < len);
	in = &img->insns[off + ctx->fault_pc];
	switch (ctx->fault) {
	case SONDE_FLT_DIVZERO:
		FZ_ASSERT(in->op >= SONDE_OP_SDIV && in->op <= SONDE_OP_UREM);
		break;
	case SONDE_FLT_BADADDR:
		/* loads, and the readers of a string, which may be
		 * DTrace's NULL string (strstr() finding nothing) */
		FZ_ASSERT((in->op >= SONDE_OP_LDK1 &&
			   in->op <= SONDE_OP_LDU8) ||
			  (in->op >= SONDE_OP_LDM1 &&
			   in->op <= SONDE_OP_LDM8) ||
			  in->op == SONDE_OP_EMITM ||
			  /* a handle not of this run */
			  in->op == SONDE_OP_HTOB ||
			  (in->op >= SONDE_OP_STM1 &&
			   in->op <= SONDE_OP_STM8) ||
			  /* a struct variable stored from a buffer */
			  (in->op >= SONDE_OP_LDG && in->op <= SONDE_OP_STTA) ||
			  in->op == SONDE_OP_LDUREG ||
			  in->op == SONDE_OP_CALL || in->op == SONDE_OP_LDB ||
			  in->op == SONDE_OP_SCMP || in->op == SONDE_OP_EMITS ||
			  in->op == SONDE_OP_AGG ||
			  (in->op >= SONDE_OP_LDG && in->op <= SONDE_OP_STTA));
		break;
	case SONDE_FLT_BADSIZE:
		/* copyinto(), bcopy() longer than their buffer */
		FZ_ASSERT(in->op == SONDE_OP_CALL);
		break;
	case SONDE_FLT_NOSCRATCH:
		/* a struct variable loaded into scratch, a string variable */
		FZ_ASSERT(in->op == SONDE_OP_CALL ||
			  (in->op >= SONDE_OP_LDG && in->op <= SONDE_OP_STTA));
		break;
	case SONDE_FLT_ILLOP:
		/* only a subroutine's bad argument or a user register
		 * number, never a bad opcode */
		FZ_ASSERT(in->op == SONDE_OP_CALL ||
			  in->op == SONDE_OP_LDUREG);
		break;
	default:
		FZ_ASSERT(0);
	}
}

/* Aggregation values the test world's table can hold. */
static bool fz_env_fits(const struct sonde_image *img)
{
	u32 i;

	for (i = 0; i < img->naggs; i++)
		if (sonde_agg_val_size(&img->aggs[i]) >
		    sizeof(((struct agg_ent *)0)->val))
			return false;
	return true;
}

static struct tenv fz_env;

/* Two tables' worth of entries: before a fused run, and what it made. */
static struct agg_ent fz_before[MAX_AGGENT], fz_fused[MAX_AGGENT];

static bool fz_ents_equal(const struct agg_ent *a, const struct agg_ent *b,
			  u32 n)
{
	const struct sonde_image *img = fz_env.img;
	u32 i;

	for (i = 0; i < n; i++)
		if (a[i].aggid != b[i].aggid || a[i].ksize != b[i].ksize ||
		    memcmp(a[i].key, b[i].key, a[i].ksize) ||
		    memcmp(a[i].val, b[i].val,
			   sonde_agg_val_size(&img->aggs[a[i].aggid])))
			return false;
	return true;
}

/*
 * An actions program the kernel runs fused (sonde_fastact_run()): run it
 * so first, with poisoned registers, and keep what it aggregated; then
 * put the table back for the interpreter's run, which must agree.
 * Returns whether it was fused, and its verdict in *@ferr.
 */
static bool fz_run_fused(struct sonde_vm_ctx *ctx, u32 off, u32 len,
			 u32 *n_before, u32 *n_fused, int *ferr)
{
	struct sonde_fastact fa;
	struct sonde_vm_ctx fctx = *ctx;

	sonde_fastact_find(ctx->img, off, len, &fa);
	if (!fa.fused)
		return false;
	*n_before = fz_env.nents;
	memcpy(fz_before, fz_env.ents, *n_before * sizeof(fz_before[0]));
	memset(fctx.regs, 0xa5, sizeof(fctx.regs));
	fctx.scratch_used = ctx->img->scratch_base;
	*ferr = sonde_fastact_run(&fctx, &fa);
	FZ_ASSERT(*ferr == 0 || *ferr == -EAGAIN);
	*n_fused = fz_env.nents;
	memcpy(fz_fused, fz_env.ents, *n_fused * sizeof(fz_fused[0]));
	/* falling back, it aggregated nothing */
	if (*ferr)
		FZ_ASSERT(*n_fused == *n_before &&
			  fz_ents_equal(fz_fused, fz_before, *n_before));
	fz_env.nents = *n_before;
	memcpy(fz_env.ents, fz_before, *n_before * sizeof(fz_before[0]));
	return true;
}

static void fz_run_one(struct sonde_vm_ctx *ctx, u32 off, u32 len,
		       u32 rec_size, bool pred)
{
	const struct sonde_image *img = ctx->img;
	u32 n_before = 0, n_fused = 0;
	bool fused = false;
	u64 ret = 0;
	int err, ferr = 0;

	fz_check_prog(img, off, len, rec_size, pred);
	if (!pred)
		fused = fz_run_fused(ctx, off, len, &n_before, &n_fused, &ferr);
	ctx->scratch_used = img->scratch_base;
	ctx->gen = 1;	/* handles of generation 1 are this run's */
	ctx->fault = 0;
	err = sonde_vm_run(ctx, off, len, &ret);
	if (fused && !ferr) {
		/* the fused form ran: the interpreter did the same */
		FZ_ASSERT(!err && !ret);
		FZ_ASSERT(fz_env.nents == n_fused &&
			  fz_ents_equal(fz_env.ents, fz_fused, n_fused));
	} else if (fused) {
		/* it fell back: the interpreter faults (a NULL string key) */
		FZ_ASSERT(err == -EFAULT);
	}
	FZ_ASSERT(err == 0 || err == -EFAULT);
	FZ_ASSERT(ctx->scratch_used <= ctx->scratch_size);
	if (err)
		fz_check_fault(img, off, len, ctx);
}

static void fz_run_image(const struct sonde_image *img, struct fz_in *in)
{
	u32 scratch_size = sonde_vm_scratch_size(img), i, pass;
	struct sonde_vm_ctx ctx;
	u32 *var_off;
	u8 *globals, *locals;
	char *scratch;
	u64 *stackbuf;

	if (!fz_env_fits(img))
		return;
	fz_env.nents = 0;
	fz_env.ndvars = 0;
	fz_env.exited = false;
	fz_env.exit_status = 0;
	fz_env.dyndrops = 0;
	fz_env.seed = 1;
	fz_env.img = img;
	fz_env.memlen = fz_below(in, sizeof(fz_env.mem) + 1);
	for (i = 0; i < sizeof(fz_env.mem); i++)
		fz_env.mem[i] = fz_chance(in, 50) ? fz_u8(in) :
				(u8)(i & 1 ? 0 : 'a' + i % 26);
	for (i = 0; i < ARRAY_SIZE(fz_env.args); i++)
		fz_env.args[i] = (u64)fz_val64(in);

	/* exact sizes: one byte past any of these is an ASan report */
	scratch = malloc(scratch_size);
	globals = calloc(1, img->global_size);
	locals = malloc(img->local_size);
	var_off = malloc(img->nvars * sizeof(*var_off));
	stackbuf = malloc(255 * sizeof(*stackbuf));	/* vm.h: 255 frames */
	if (!scratch || !globals || !locals || !var_off || !stackbuf)
		goto out;
	sonde_vars_layout(img, var_off);

	/* each clause twice, so dynamic variables and aggregations exist */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < img->nclauses; i++) {
			const struct sonde_clause *c = &img->clauses[i];
			u8 *rec = NULL;

			memset(&ctx, 0, sizeof(ctx));
			ctx.img = img;
			ctx.env = &fz_env;
			ctx.scratch = scratch;
			ctx.scratch_size = scratch_size;
			ctx.epid = i + 1;
			ctx.clause = i;
			ctx.globals = globals;
			ctx.locals = locals;
			ctx.var_off = var_off;
			ctx.stackbuf = stackbuf;
			memset(locals, 0, img->local_size);
			memset(scratch, 0xa5, scratch_size);
			if (c->pred_len)
				fz_run_one(&ctx, c->pred_off, c->pred_len, 0,
					   true);
			/* the actions run whatever the predicate said: they
			 * are verified on their own */
			if (c->rec_size) {
				rec = malloc(c->rec_size);
				if (!rec)
					goto out;
				ctx.rec = rec;
				ctx.rec_size = c->rec_size;
			}
			fz_run_one(&ctx, c->act_off, c->act_len, c->rec_size,
				   false);
			free(rec);
		}
	}
out:
	free(stackbuf);
	free(var_off);
	free(locals);
	free(globals);
	free(scratch);
}

/*
 * An accepted image's sections as its header gives them, each row of
 * SONDE_SECTS against what the verifier unpacked: the count, at most the
 * row's maximum, and the elements inside the image, 8-byte aligned, after
 * the header; an empty section NULL.
 */
static void fz_check_sects(const struct sonde_image *img, const u8 *image,
			   size_t size)
{
	const struct sonde_prog_hdr *h = (const void *)image;
	const u8 *lo = image + sizeof(*h), *hi = image + size;

#define FZ_SECT_(NAME, id, type, field, max, what)			\
	FZ_ASSERT(img->n##field == h->sects[id].count &&		\
		  img->n##field <= (max));				\
	if (!img->n##field)						\
		FZ_ASSERT(!img->field);					\
	else								\
		FZ_ASSERT((const u8 *)img->field == image + h->sects[id].off && \
			  (const u8 *)img->field >= lo &&		\
			  (const u8 *)(img->field + img->n##field) <= hi && \
			  !(h->sects[id].off % 8));
	SONDE_SECTS(FZ_SECT_)
#undef FZ_SECT_
}

/* Verify @size bytes at @image (any bytes), and run what passes. */
static void fz_verify_run(const void *image, size_t size, struct fz_in *in)
{
	static const u32 logsizes[] = { 0, 1, 17, 4096 };
	struct sonde_image img;
	struct sonde_vlog log = { 0 };
	u32 logsize = logsizes[fz_below(in, ARRAY_SIZE(logsizes))];
	char *logbuf = logsize ? malloc(logsize) : NULL;
	void *copy;
	int err;

	/* exactly @size bytes: 8-aligned as every malloc; a read past the
	 * end of the image is an ASan report */
	copy = malloc(size ? size : 1);
	if (!copy) {
		free(logbuf);
		return;
	}
	if (size)
		memcpy(copy, image, size);
	log.buf = logbuf;
	log.size = logbuf ? logsize : 0;
	err = sonde_image_verify(copy, (u32)size, &img, &log);
	FZ_ASSERT(err == 0 || err == -EINVAL || err == -E2BIG ||
		  err == -EACCES);
	/* a rejection always says why */
	FZ_ASSERT(!err || log.needed > 1);
	if (logbuf && log.needed)
		FZ_ASSERT(strnlen(logbuf, logsize) < logsize);
	if (!err) {
		fz_check_sects(&img, copy, size);
		fz_run_image(&img, in);
	}
	free(copy);
	free(logbuf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct fz_genopts opts = { .kworld = false };
	static struct fz_prog g;
	struct fz_in raw = { data, size }, gen = { data, size };
	struct fz_in tail;
	void *image = NULL;
	size_t isize;
	u32 i, npoke;

	if (size > SONDE_MAX_PROG_SIZE)
		return 0;

	/* (a) the bytes as an image; the run's choices from the start */
	fz_verify_run(data, size, &raw);

	/* (b) the bytes as a generator's choices */
	fz_generate(&gen, &g, &opts);
	if (sonde_program_image(&g.p, &image, &isize))
		return 0;
	npoke = fz_chance(&gen, 8) ? 1 + fz_below(&gen, 4) : 0;
	for (i = 0; i < npoke && isize; i++) {
		u32 at = fz_below(&gen, isize);

		((u8 *)image)[at] = fz_chance(&gen, 50) ? fz_u8(&gen) :
				    ((u8 *)image)[at] ^ (1u << fz_below(&gen, 8));
	}
	tail = gen;
	fz_verify_run(image, isize, &tail);
	free(image);
	return 0;
}
