// SPDX-License-Identifier: GPL-2.0
/*
 * interp.c - the interpreter.  Runs in probe context: interrupts off, no
 * sleeping, no allocation, at most len instructions (forward branches).
 *
 * It trusts the verifier: register indices, table indices, record offsets
 * and string- and buffer-typed registers are not checked again here.
 * What only run time can know is checked: division by zero (and
 * INT64_MIN / -1, which traps on x86), shift counts, loads from computed
 * addresses (through the world's fault-safe copy), scratch space, that a
 * buffer's bytes lie in the scratch this firing used (a buffer may have
 * been moved anywhere by badd), user register numbers.  A fault stops the
 * program with a fault code, the instruction and the offending value.
 *
 * Dispatch is computed goto through a table built from SONDE_OPS, one
 * indirect jump per instruction (the kernel's BPF interpreter does the
 * same).
 */
#include "vm_impl.h"

/*
 * Copy string @s into a field of @size bytes at @dst: at most @size - 1
 * characters and the NUL, nothing after it.  Every reader of a string
 * stops at its NUL (the consumer zeroes a record string's tail before it
 * formats it, as DTrace's records have it).
 */
static void sonde_strfield(u8 *dst, const char *s, u32 size)
{
	u32 i;

	for (i = 0; i < size - 1 && s[i]; i++)
		dst[i] = s[i];
	dst[i] = 0;
}

#define SONDE_NULLSTR_MARK	0x7f

/*
 * A string variable's field (a global, clause-local, thread-local or
 * array element) holds string @s as sonde_strfield() writes it, or, when
 * @s is NULL (DTrace's NULL string: strchr() finding nothing, NULL
 * assigned), SONDE_NULLSTR_MARK: an empty string whose second byte is
 * 0x7f, as Linux dtrace's DT_NULL_STRING.  An empty string's second byte
 * is cleared, so no string reads as the mark.  strsize is 3 at least.
 */
static void sonde_strvar(u8 *dst, const char *s, u32 size)
{
	if (!s) {
		dst[0] = 0;
		dst[1] = SONDE_NULLSTR_MARK;
		return;
	}
	sonde_strfield(dst, s, size);
	if (!dst[0])
		dst[1] = 0;
}

/* A string variable's value from its field: NULL (0) for the mark. */
static u64 sonde_strvar_val(const u8 *p)
{
	if (!p[0] && p[1] == SONDE_NULLSTR_MARK)
		return 0;
	return (u64)(unsigned long)p;
}

/*
 * Are the @size bytes at buffer address @addr inside the scratch this
 * firing has used?  Buffers point into it (copyin()); every read of a
 * buffer's bytes asks here first, so a moved buffer reads nothing else.
 */
bool sonde_in_scratch(const struct sonde_vm_ctx *ctx, u64 addr, u64 size)
{
	return sonde_scratch_at(ctx, addr, size);
}

/* What a fault at buffer address @addr reports: its offset into the
 * scratch area (never the kernel address itself). */
u64 sonde_scratch_off(const struct sonde_vm_ctx *ctx, u64 addr)
{
	return addr - (u64)(unsigned long)ctx->scratch;
}

static s64 sonde_strcmp(const char *a, const char *b, u32 max)
{
	u32 i;

	for (i = 0; i < max; i++) {
		u8 ca = a[i], cb = b[i];

		if (ca != cb)
			return ca < cb ? -1 : 1;
		if (!ca)
			break;
	}
	return 0;
}

/*
 * Copy string @s into a key's field at @d: at most @max characters, then
 * the NUL.  Returns the characters copied.  Bytes of the field after the
 * NUL may be written too (zeros), never past @max + 1.  In the kernel,
 * strscpy() a word at a time (it never reads across a page boundary the
 * string does not reach); a key's `execname` and `probefunc` were a
 * third of `@[execname, probefunc] = count()`'s instructions copied a
 * byte at a time.
 */
static inline u32 sonde_key_strcpy(u8 *d, const char *s, u32 max)
{
#ifdef __KERNEL__
	ssize_t n = strscpy((char *)d, s, max + 1);

	return n < 0 ? max : (u32)n;
#else
	u32 i;

	for (i = 0; i < max; i++) {
		u8 c = s[i];

		d[i] = c;
		if (!c)
			break;
	}
	d[i] = 0;	/* only needed when truncated */
	return i;
#endif
}

/* Note bytes [@off, @off + @len) of @k as written (merging neighbours). */
static inline void sonde_key_seg(struct sonde_key *k, u32 off, u32 len)
{
	if (k->nseg && k->seg[k->nseg - 1].off + k->seg[k->nseg - 1].len == off) {
		k->seg[k->nseg - 1].len += len;
		return;
	}
	k->seg[k->nseg].off = off;
	k->seg[k->nseg].len = len;
	k->nseg++;
}

/*
 * Serialise the tuple @r[0..nkeys) typed by KEYS[@keys_off] into @key,
 * and describe it in @k.  A string is written up to its NUL; @pad also
 * zeroes the rest of its field (the canonical key dynamic variables
 * compare whole), else @k says which bytes were written.  Stack
 * components are taken here, at the probe.  A struct component
 * (SONDE_T_BYTES) is copied from the buffer its register points to,
 * which must lie in the scratch this firing used.  Returns the key's
 * bytes, SONDE_KEY_NULLSTR when a string component is the NULL string,
 * or SONDE_KEY_BADBUF (the buffer's address in *@bad) when a struct's
 * bytes are not all in the scratch.
 */
#define SONDE_KEY_NULLSTR	(~0u)
#define SONDE_KEY_BADBUF	(~0u - 1)
static u32 sonde_key_build(struct sonde_vm_ctx *ctx, struct sonde_key *k,
			   u8 *key, const u64 *r, u32 keys_off, u32 nkeys,
			   bool pad, u64 *bad)
{
	const struct sonde_image *img = ctx->img;
	const u32 max = img->strsize - 1;
	u32 i, kn, ksize = 0;
	u8 *d;

	k->data = key;
	k->nseg = 0;
	for (kn = 0; kn < nkeys; kn++) {
		u32 t = img->keys[keys_off + kn];
		u32 n = SONDE_KEY_FRAMES(t), got;
		u64 kv = r[kn];
		const char *s;

		switch (SONDE_KEY_KIND(t)) {
		case SONDE_T_STR:
			s = (const char *)(unsigned long)kv;
			if (unlikely(!s))
				return SONDE_KEY_NULLSTR;
			d = key + ksize;
			i = sonde_key_strcpy(d, s, max);
			if (pad)
				sonde_zero(key + ksize + i, img->strsize - i);
			sonde_key_seg(k, ksize, i + 1);
			ksize += img->strsize;
			break;
		case SONDE_T_BYTES:
			n = SONDE_TYPE_SIZE(t);
			d = sonde_scratch_at(ctx, kv, n);
			if (unlikely(!d)) {
				*bad = kv;
				return SONDE_KEY_BADBUF;
			}
			/* the buffer may be anywhere in scratch, the key
			 * area included: move, never overlap-copy */
			memmove(key + ksize, d, n);
			sonde_key_seg(k, ksize, n);
			ksize += n;
			break;
		case SONDE_T_JSTACK:
			got = sonde_jstack_take(ctx, key + ksize, n,
						SONDE_KEY_JSTRSIZE(t));
			i = SONDE_JSTACK_SIZE(n, SONDE_KEY_JSTRSIZE(t));
			if (pad)
				sonde_zero(key + ksize + got, i - got);
			sonde_key_seg(k, ksize, got);
			ksize += i;
			break;
		case SONDE_T_KSTACK:
		case SONDE_T_USTACK:
			/* through an aligned bounce: key offsets may not be */
			got = sonde_env_stack(ctx, SONDE_KEY_KIND(t) ==
					      SONDE_T_USTACK, ctx->stackbuf, n);
			sonde_zero(ctx->stackbuf + got, (n - got) * sizeof(u64));
			memcpy(key + ksize, ctx->stackbuf, n * sizeof(u64));
			sonde_key_seg(k, ksize, n * sizeof(u64));
			ksize += n * sizeof(u64);
			break;
		default:
			memcpy(key + ksize, &kv, sizeof(kv));
			sonde_key_seg(k, ksize, sizeof(kv));
			ksize += sizeof(kv);
		}
	}
	k->size = ksize;
	return ksize;
}

void sonde_fastpred_find(const struct sonde_image *img, u32 off, u32 len,
			 struct sonde_fastpred *fp)
{
	const struct sonde_insn *in = img->insns + off;
	const struct sonde_insn *b, *c;
	u32 rb, rc;

	fp->op = 0;
	fp->swap = 0;
	fp->builtin = 0;
	fp->k = 0;
	if (len == 2 && in[0].op == SONDE_OP_LDB && in[1].op == SONDE_OP_RET &&
	    in[1].rs == in[0].rd &&
	    sonde_builtin_type(in[0].imm) == SONDE_T_INT) {
		fp->op = SONDE_OP_RET;
		fp->builtin = in[0].imm;
		return;
	}
	if (len != 4 || in[3].op != SONDE_OP_RET)
		return;
	/* the built-in and the constant, in either order */
	if (in[0].op == SONDE_OP_LDB) {
		b = &in[0];
		c = &in[1];
	} else {
		b = &in[1];
		c = &in[0];
	}
	if (b->op != SONDE_OP_LDB || sonde_builtin_type(b->imm) != SONDE_T_INT ||
	    (c->op != SONDE_OP_MOVI && c->op != SONDE_OP_LDC) || b->rd == c->rd)
		return;
	if (in[2].op < SONDE_OP_SETEQ || in[2].op > SONDE_OP_SETLEU ||
	    in[3].rs != in[2].rd)
		return;
	rb = b->rd;
	rc = c->rd;
	if (in[2].rs == rb && in[2].rt == rc)
		fp->swap = 0;
	else if (in[2].rs == rc && in[2].rt == rb)
		fp->swap = 1;
	else
		return;
	fp->k = c->op == SONDE_OP_MOVI ? (u64)(s64)c->imm : img->consts[c->imm];
	fp->builtin = b->imm;
	fp->op = in[2].op;
}

/*
 * The agg instruction @pc on registers @r: the key built from
 * r[rs..rs+nkeys), the value r[rt] (and the weight r[rt + 1]) aggregated.
 * Returns 0, or SONDE_KEY_NULLSTR or SONDE_KEY_BADBUF (the buffer's
 * address in *@bad) as sonde_key_build() does, with nothing aggregated.
 * One body for the interpreter and the fused form.
 */
static __always_inline u32 sonde_agg_insn(struct sonde_vm_ctx *ctx,
					  const struct sonde_insn *pc,
					  const u64 *r, u64 *bad)
{
	const struct sonde_agg_desc *ad = &ctx->img->aggs[pc->imm];
	struct sonde_key k __uninitialized;	/* written below */
	u32 ksize;

	if (!ad->nkeys) {
		/* @ = count(): no key to build */
		k.data = (u8 *)ctx->scratch;
		k.nseg = 0;
		k.size = 0;
	} else {
		ksize = sonde_key_build(ctx, &k, (u8 *)ctx->scratch,
					&r[pc->rs], ad->keys_off, ad->nkeys,
					false, bad);
		if (unlikely(ksize == SONDE_KEY_NULLSTR ||
			     ksize == SONDE_KEY_BADBUF))
			return ksize;
	}
	sonde_env_agg(ctx, pc->imm, &k, (s64)r[pc->rt],
		      (ad->flags & SONDE_AGGF_INCR) ? (s64)r[pc->rt + 1] : 1);
	return 0;
}

void sonde_fastact_find(const struct sonde_image *img, u32 off, u32 len,
			struct sonde_fastact *fa)
{
	const struct sonde_insn *in = img->insns + off, *ag;
	const struct sonde_agg_desc *ad;
	u32 i, n, reads = 0, wrote = 0;

	fa->agg = 0;
	fa->zero = 0;
	fa->fused = 0;
	fa->nldb = 0;
	if (len < 2 || len > SONDE_FASTACT_MAXLDB + 2)
		return;
	n = len - 2;
	for (i = 0; i < n; i++) {
		if (in[i].op != SONDE_OP_LDB)
			return;
		wrote |= 1u << in[i].rd;
	}
	ag = &in[n];
	if (ag->op != SONDE_OP_AGG || in[n + 1].op != SONDE_OP_RET ||
	    (wrote & (1u << in[n + 1].rs)))
		return;
	/* the registers the verifier let the agg read */
	ad = &img->aggs[ag->imm];
	for (i = 0; i < ad->nkeys; i++)
		reads |= 1u << (ag->rs + i);
	reads |= 1u << ag->rt;
	if (ad->flags & SONDE_AGGF_INCR)
		reads |= 1u << (ag->rt + 1);
	for (i = 0; i < n; i++) {
		fa->rd[i] = in[i].rd;
		fa->builtin[i] = (u16)in[i].imm;
	}
	fa->nldb = (u8)n;
	fa->zero = (u16)(reads & ~wrote);
	fa->agg = off + n;
	fa->fused = 1;
}

int sonde_fastact_run(struct sonde_vm_ctx *ctx, const struct sonde_fastact *fa)
{
	const struct sonde_insn *pc = ctx->img->insns + fa->agg;
	u64 *r = ctx->regs, bad;
	u32 i, m, fault = 0;

	/* one store per register to clear (r0 for count()), no loop over
	 * all sixteen */
	for (m = fa->zero; m; m &= m - 1)
		r[__builtin_ctz(m)] = 0;
	for (i = 0; i < fa->nldb; i++) {
		r[fa->rd[i]] = sonde_env_builtin(ctx, fa->builtin[i], &fault);
		if (unlikely(fault))
			return -EAGAIN;
	}
	/* the interpreter's work units: one per instruction dispatched */
	SONDE_WORK(fa->nldb + 1);
	ctx->strtok_pos = NULL;
	ctx->strtok_end = NULL;
	if (unlikely(sonde_agg_insn(ctx, pc, r, &bad)))
		return -EAGAIN;
	return 0;
}

int sonde_vm_run(struct sonde_vm_ctx *ctx, u32 off, u32 len, u64 *ret)
{
	/* every slot defaults to l_bad, then the opcodes override it */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
	static const void *const jt[SONDE_OP_MAX + 1] = {
		[0 ... SONDE_OP_MAX] = &&l_bad,
#define OP_JT_(name, code, form, type, s, t) [code] = &&l_##name,
		SONDE_OPS(OP_JT_)
#undef OP_JT_
	};
#pragma GCC diagnostic pop
	const struct sonde_image *img = ctx->img;
	const struct sonde_insn *base = img->insns + off, *pc = base;
	u64 *r = ctx->regs;
	u32 strsize = img->strsize, fault;
	u64 addr = 0, v;
	u8 *mp;		/* a buffer's bytes: sonde_scratch_at() */
	int err;

	(void)len;	/* the verifier proved the program ends in ret */
	/*
	 * Registers start at 0.  Sixteen stores, not memset(): a kernel
	 * memset of this size is `rep stos`, one emulated block per word
	 * under TCG (see sonde_fire_init() in kmod/sonde_kmod.h).
	 */
	_Static_assert(SONDE_NREGS == 16, "clear every register below");
	r[0] = 0; r[1] = 0; r[2] = 0; r[3] = 0;
	r[4] = 0; r[5] = 0; r[6] = 0; r[7] = 0;
	r[8] = 0; r[9] = 0; r[10] = 0; r[11] = 0;
	r[12] = 0; r[13] = 0; r[14] = 0; r[15] = 0;
	ctx->strtok_pos = NULL;
	ctx->strtok_end = NULL;

#ifndef SONDE_VM_SWITCH
#define NEXT()	do { SONDE_WORK(1); goto *jt[(++pc)->op]; } while (0)
	goto *jt[pc->op];
#else
	/*
	 * The same handlers behind one shared switch: only for measuring
	 * the dispatch (bench/), never built into the module.
	 */
#define NEXT()	do { pc++; goto dispatch; } while (0)
	(void)jt;
dispatch:
	switch (pc->op) {
#define OP_CASE_(name, code, form, type, s, t) case code: goto l_##name;
	SONDE_OPS(OP_CASE_)
#undef OP_CASE_
	default:
		goto l_bad;
	}
#endif
#define RD	r[pc->rd]
#define RS	r[pc->rs]
#define RT	r[pc->rt]

l_NOP:
	NEXT();
l_RET:
	*ret = RS;
	return 0;
l_EXIT:
	sonde_env_exit(ctx, (s64)RS);
	NEXT();
l_MOVI:
	RD = (u64)(s64)pc->imm;
	NEXT();
l_LDC:
	RD = img->consts[pc->imm];
	NEXT();
l_LDS:
	RD = pc->imm == SONDE_LDS_NULL ? 0 :
	     (u64)(unsigned long)(img->strtab + pc->imm);
	NEXT();
l_LDB:
	fault = 0;
	v = sonde_env_builtin(ctx, pc->imm, &fault);
	if (unlikely(fault)) {
		addr = 0;
		goto l_fault;
	}
	RD = v;
	NEXT();
l_MOV:
	RD = RS;
	NEXT();
l_LDUREG:
	if (unlikely(RS >= SONDE_NUREGS)) {
		fault = SONDE_FLT_ILLOP;
		addr = RS;
		goto l_fault;
	}
	if (unlikely(sonde_env_ureg(ctx, (u32)RS, &v))) {
		/* no user context: DTrace's BADADDR with address 0 */
		fault = SONDE_FLT_BADADDR;
		addr = 0;
		goto l_fault;
	}
	RD = v;
	NEXT();

#define ALU(name, expr)							\
l_##name:								\
	RD = (expr);							\
	NEXT();
	ALU(ADD, RS + RT)
	ALU(SUB, RS - RT)
	ALU(MUL, RS * RT)
	ALU(AND, RS & RT)
	ALU(OR, RS | RT)
	ALU(XOR, RS ^ RT)
	ALU(SHL, RS << (RT & 63))
	ALU(SHR, RS >> (RT & 63))
	ALU(SAR, (u64)((s64)RS >> (RT & 63)))
	ALU(NEG, -RS)
	ALU(NOT, ~RS)
	ALU(LNOT, !RS)
	ALU(SETEQ, RS == RT)
	ALU(SETNE, RS != RT)
	ALU(SETLT, (s64)RS < (s64)RT)
	ALU(SETLE, (s64)RS <= (s64)RT)
	ALU(SETLTU, RS < RT)
	ALU(SETLEU, RS <= RT)
#undef ALU

l_UDIV:
	if (unlikely(!RT))
		goto l_divzero;
	RD = RS / RT;
	NEXT();
l_UREM:
	if (unlikely(!RT))
		goto l_divzero;
	RD = RS % RT;
	NEXT();
l_SDIV:
	if (unlikely(!RT))
		goto l_divzero;
	/* INT64_MIN / -1 overflows (and traps on x86): it wraps in D */
	if (unlikely((s64)RT == -1))
		RD = -RS;
	else
		RD = (u64)((s64)RS / (s64)RT);
	NEXT();
l_SREM:
	if (unlikely(!RT))
		goto l_divzero;
	if (unlikely((s64)RT == -1))
		RD = 0;
	else
		RD = (u64)((s64)RS % (s64)RT);
	NEXT();

l_SCMP:
	/* the NULL string: the references compare (dt_cg_compare_op()):
	 * NULL equals NULL and is below every other string */
	if (unlikely(!RS || !RT)) {
		RD = RS == RT ? 0 : !RS ? (u64)-1 : 1;
		NEXT();
	}
	RD = (u64)sonde_strcmp((const char *)(unsigned long)RS,
			       (const char *)(unsigned long)RT, strsize);
	NEXT();

l_JA:
	pc += pc->imm;
	NEXT();
l_JZ:
	if (!RS)
		pc += pc->imm;
	NEXT();
l_JNZ:
	if (RS)
		pc += pc->imm;
	NEXT();

#define LOAD(name, user, size)						\
l_##name:								\
	addr = RS + (u64)(s64)pc->imm;					\
	err = sonde_env_load(ctx, user, addr, size, &v);		\
	if (unlikely(err)) {						\
		fault = SONDE_FLT_BADADDR;				\
		goto l_fault;						\
	}								\
	RD = v;								\
	NEXT();
	LOAD(LDK1, false, 1)
	LOAD(LDK2, false, 2)
	LOAD(LDK4, false, 4)
	LOAD(LDK8, false, 8)
	LOAD(LDU1, true, 1)
	LOAD(LDU2, true, 2)
	LOAD(LDU4, true, 4)
	LOAD(LDU8, true, 8)
#undef LOAD

#define EMIT(name, type)						\
l_##name: {								\
	type x_ = (type)RS;						\
	memcpy(ctx->rec + pc->imm, &x_, sizeof(x_));			\
	NEXT();								\
}
	EMIT(EMIT1, u8)
	EMIT(EMIT2, u16)
	EMIT(EMIT4, u32)
	EMIT(EMIT8, u64)
#undef EMIT
l_EMITS:
	if (unlikely(!RS))
		goto l_nullstr;
	sonde_strfield(ctx->rec + pc->imm, (const char *)(unsigned long)RS,
		       strsize);
	NEXT();

l_EMITKSTACK:
l_EMITUSTACK: {
	/* straight into the (8-byte aligned) record; frames past the
	 * stack's depth are 0 */
	u64 *pcs = (u64 *)(ctx->rec + pc->imm);
	u32 got = sonde_env_stack(ctx, pc->op == SONDE_OP_EMITUSTACK, pcs,
				  pc->rt);

	sonde_zero(pcs + got, (pc->rt - got) * sizeof(u64));
	NEXT();
}

l_EMITJSTACK:
	sonde_jstack_take(ctx, ctx->rec + SONDE_SOL_OFF(pc->imm), pc->rt,
			  SONDE_SOL_LEN(pc->imm));
	NEXT();

l_AGG:
	switch (sonde_agg_insn(ctx, pc, r, &addr)) {
	case SONDE_KEY_NULLSTR:
		goto l_nullstr;
	case SONDE_KEY_BADBUF:
		goto l_badbuf;
	}
	NEXT();

	/*
	 * Global and clause-local scalars live in flat areas.  A struct
	 * variable (SONDE_T_BYTES) is copied into scratch when loaded (the
	 * buffer may be written, then stored back) and from a buffer of
	 * the firing's scratch when stored.  A buffer (a clause-local
	 * only) is kept as its offset into this CPU's scratch, so one
	 * never assigned reads as the scratch's start and no register
	 * ever holds a buffer that does not point into it.
	 */
#define STATIC_VAR(ld, st, area)					\
l_##ld: {								\
	u8 *p_ = ctx->area + ctx->var_off[pc->imm];			\
	u32 t_ = img->vars[pc->imm].type;				\
									\
	if (t_ == SONDE_T_STR) {					\
		RD = sonde_strvar_val(p_);				\
	} else if (SONDE_TYPE_KIND(t_) == SONDE_T_BYTES) {		\
		u8 *d_ = sonde_scratch_alloc(ctx, SONDE_TYPE_SIZE(t_));	\
									\
		if (unlikely(!d_))					\
			goto l_noscratch;				\
		memcpy(d_, p_, SONDE_TYPE_SIZE(t_));			\
		RD = (u64)(unsigned long)d_;				\
	} else {							\
		memcpy(&RD, p_, sizeof(u64));				\
		if (t_ == SONDE_T_BUF)					\
			RD += (u64)(unsigned long)ctx->scratch;		\
	}								\
	NEXT();								\
}									\
l_##st: {								\
	u8 *p_ = ctx->area + ctx->var_off[pc->imm];			\
	u32 t_ = img->vars[pc->imm].type;				\
									\
	if (t_ == SONDE_T_BUF) {					\
		v = RS - (u64)(unsigned long)ctx->scratch;		\
		memcpy(p_, &v, sizeof(u64));				\
	} else if (t_ == SONDE_T_STR) {					\
		sonde_strvar(p_, (const char *)(unsigned long)RS, strsize); \
	} else if (SONDE_TYPE_KIND(t_) == SONDE_T_BYTES) {		\
		const u8 *s_ = sonde_scratch_at(ctx, RS,		\
						SONDE_TYPE_SIZE(t_));	\
									\
		addr = RS;						\
		if (unlikely(!s_))					\
			goto l_badbuf;					\
		memcpy(p_, s_, SONDE_TYPE_SIZE(t_));			\
	} else {							\
		memcpy(p_, &RS, sizeof(u64));				\
	}								\
	NEXT();								\
}
	STATIC_VAR(LDG, STG, globals)
	STATIC_VAR(LDL, STL, locals)
#undef STATIC_VAR

	/*
	 * Thread-locals and associative arrays are dynamic: the world owns
	 * them.  Values travel by copy (a string load lands in scratch), so
	 * no pointer into shared storage ever sits in a register.
	 */
l_LDT:
l_LDGA:
l_LDTA: {
	const struct sonde_var_desc *vd = &img->vars[pc->imm];
	struct sonde_key k __uninitialized;
	u8 *key = (u8 *)ctx->scratch;
	u32 ksize = sonde_key_build(ctx, &k, key, &r[pc->rs], vd->keys_off,
				    vd->nkeys, true, &addr);

	if (unlikely(ksize == SONDE_KEY_NULLSTR))
		goto l_nullstr;
	if (unlikely(ksize == SONDE_KEY_BADBUF))
		goto l_badbuf;
	if (vd->type == SONDE_T_STR) {
		char *dst = sonde_scratch_str(ctx);

		if (unlikely(!dst)) {
			fault = SONDE_FLT_NOSCRATCH;
			addr = 0;
			goto l_fault;
		}
		sonde_env_dload(ctx, pc->imm, key, ksize, dst, strsize);
		dst[strsize - 1] = 0;
		RD = sonde_strvar_val((const u8 *)dst);
	} else if (SONDE_TYPE_KIND(vd->type) == SONDE_T_BYTES) {
		u8 *dst = sonde_scratch_alloc(ctx, SONDE_TYPE_SIZE(vd->type));

		if (unlikely(!dst))
			goto l_noscratch;
		/* a missing one reads as all zeroes, not only its first
		 * word (what sonde_env_dload() clears) */
		sonde_zero(dst, SONDE_TYPE_SIZE(vd->type));
		sonde_env_dload(ctx, pc->imm, key, ksize, dst,
				SONDE_TYPE_SIZE(vd->type));
		RD = (u64)(unsigned long)dst;
	} else {
		sonde_env_dload(ctx, pc->imm, key, ksize, &v, sizeof(v));
		RD = v;
	}
	NEXT();
}
l_STT:
l_STGA:
l_STTA: {
	const struct sonde_var_desc *vd = &img->vars[pc->imm];
	bool array = pc->op != SONDE_OP_STT;
	u64 val = array ? RT : RS;
	struct sonde_key k __uninitialized;
	u8 *key = (u8 *)ctx->scratch;
	u32 ksize = sonde_key_build(ctx, &k, key, &r[array ? pc->rs : 0],
				    vd->keys_off, vd->nkeys, true, &addr);

	if (unlikely(ksize == SONDE_KEY_NULLSTR))
		goto l_nullstr;
	if (unlikely(ksize == SONDE_KEY_BADBUF))
		goto l_badbuf;
	if (vd->type == SONDE_T_STR) {
		char *tmp = sonde_scratch_str(ctx);

		if (unlikely(!tmp)) {
			fault = SONDE_FLT_NOSCRATCH;
			addr = 0;
			goto l_fault;
		}
		sonde_strvar((u8 *)tmp, (const char *)(unsigned long)val,
			     strsize);
		sonde_env_dstore(ctx, pc->imm, key, ksize, tmp, strsize);
	} else if (SONDE_TYPE_KIND(vd->type) == SONDE_T_BYTES) {
		/* a struct is stored from a buffer; 0 (an integer: the
		 * verifier lets no buffer be 0) deletes it, as D's store of
		 * 0 does */
		const u8 *src = val ? sonde_scratch_at(ctx, val,
						       SONDE_TYPE_SIZE(vd->type)) :
				NULL;

		if (!val) {
			sonde_env_dstore(ctx, pc->imm, key, ksize, NULL,
					 SONDE_TYPE_SIZE(vd->type));
			NEXT();
		}
		/* an integer other than 0 (no buffer): the fault says it
		 * as it is; a buffer: its offset, as l_badbuf does (no
		 * kernel address either way) */
		if (unlikely(!src) &&
		    sonde_scratch_off(ctx, val) >= ctx->scratch_size) {
			fault = SONDE_FLT_BADADDR;
			addr = val;
			goto l_fault;
		}
		addr = val;
		if (unlikely(!src))
			goto l_badbuf;
		sonde_env_dstore(ctx, pc->imm, key, ksize, src,
				 SONDE_TYPE_SIZE(vd->type));
	} else {
		/* D: assigning 0 to a dynamic variable frees it */
		sonde_env_dstore(ctx, pc->imm, key, ksize, val ? &val : NULL,
				 sizeof(val));
	}
	NEXT();
}

l_CALL:
	if (unlikely(sonde_subr(ctx, pc->imm, &r[pc->rs], pc->rt, &v))) {
		fault = ctx->fault;
		addr = ctx->fault_addr;
		goto l_fault;
	}
	RD = v;
	NEXT();

	/* buffers: the bytes must be inside the scratch this firing used */
#define LOADM(name, size)						\
l_##name:								\
	addr = RS + (u64)(s64)pc->imm;					\
	mp = sonde_scratch_at(ctx, addr, size);				\
	if (unlikely(!mp)) {						\
		fault = SONDE_FLT_BADADDR;				\
		addr = sonde_scratch_off(ctx, addr);			\
		goto l_fault;						\
	}								\
	v = 0;								\
	memcpy(&v, mp, size);						\
	RD = v;								\
	NEXT();
	LOADM(LDM1, 1)
	LOADM(LDM2, 2)
	LOADM(LDM4, 4)
	LOADM(LDM8, 8)
#undef LOADM
l_BADD:
	RD = RS + RT;
	NEXT();
	/* buffer handles (SONDE_HND_*): never an address, either way */
l_BTOH:
	v = RS - ((u64)(unsigned long)ctx->scratch + img->scratch_base) +
	    SONDE_HND_BIAS;
	RD = v <= 0xffffffffULL ? SONDE_HND(ctx->gen, v) : 0;
	NEXT();
l_HTOB:
	if (unlikely(!ctx->gen || SONDE_HND_GEN(RS) != ctx->gen ||
		     SONDE_HND_OFF(RS) < SONDE_HND_BIAS)) {
		/* stale (an earlier run's), NULL, or below the first
		 * buffer: named by the handle's offset */
		fault = SONDE_FLT_BADADDR;
		addr = SONDE_HND_OFF(RS);
		goto l_fault;
	}
	RD = (u64)(unsigned long)ctx->scratch + img->scratch_base +
	     SONDE_HND_OFF(RS) - SONDE_HND_BIAS;
	NEXT();
	/* stores into buffers: the bytes must be scratch this firing used */
#define STOREM(name, size)						\
l_##name:								\
	addr = RS + (u64)(s64)pc->imm;					\
	mp = sonde_scratch_at(ctx, addr, size);				\
	if (unlikely(!mp))						\
		goto l_badbuf;						\
	v = RT;								\
	memcpy(mp, &v, size);						\
	NEXT();
	STOREM(STM1, 1)
	STOREM(STM2, 2)
	STOREM(STM4, 4)
	STOREM(STM8, 8)
#undef STOREM
l_EMITM:
	addr = RS;
	mp = sonde_scratch_at(ctx, addr, SONDE_SOL_LEN(pc->imm));
	if (unlikely(!mp)) {
		fault = SONDE_FLT_BADADDR;
		addr = sonde_scratch_off(ctx, addr);
		goto l_fault;
	}
	memcpy(ctx->rec + SONDE_SOL_OFF(pc->imm), mp, SONDE_SOL_LEN(pc->imm));
	NEXT();

l_badbuf:
	/* a buffer's bytes outside the scratch used: addr is the buffer's */
	fault = SONDE_FLT_BADADDR;
	addr = sonde_scratch_off(ctx, addr);
	goto l_fault;
l_noscratch:
	fault = SONDE_FLT_NOSCRATCH;
	addr = 0;
	goto l_fault;
l_bad:
	/* unreachable after verification; never trust that in the kernel */
	fault = SONDE_FLT_ILLOP;
	addr = pc->op;
	goto l_fault;
l_divzero:
	fault = SONDE_FLT_DIVZERO;
	addr = 0;
	goto l_fault;
l_nullstr:
	/* DTrace's NULL string read: a load from address 0 */
	fault = SONDE_FLT_BADADDR;
	addr = 0;
l_fault:
	ctx->fault = fault;
	ctx->fault_pc = (u32)(pc - base);
	ctx->fault_addr = addr;
	return -EFAULT;
#undef NEXT
#undef RD
#undef RS
#undef RT
}

#ifdef __KERNEL__
#include <linux/objtool.h>
/* computed-goto dispatch, like the kernel's own BPF interpreter */
STACK_FRAME_NON_STANDARD(sonde_vm_run);
#endif
