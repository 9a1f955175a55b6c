/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vm_impl.h - declarations shared by the files of vm/ only.
 */
#ifndef _SONDE_VM_IMPL_H
#define _SONDE_VM_IMPL_H

#include "vm.h"
#include "env.h"

/**
 * sonde_op_rtype() - the type an opcode leaves in rd
 * @op: the opcode
 *
 * Return: SONDE_T_* (SONDE_T_NONE when it writes no register).
 */
int sonde_op_rtype(u32 op);

/**
 * sonde_op_kind_rs() - the kind an opcode wants in rs
 * @op: the opcode
 *
 * Return: SONDE_K_*.
 */
int sonde_op_kind_rs(u32 op);

/**
 * sonde_op_kind_rt() - the kind an opcode wants in rt
 * @op: the opcode
 *
 * Return: SONDE_K_*.
 */
int sonde_op_kind_rt(u32 op);

/**
 * sonde_verify_prog() - verify one predicate or actions program
 * @img: the image being verified (sections already checked)
 * @off: the program's first instruction
 * @len: its instructions
 * @pred: a predicate (no records, no aggregations, no exit)
 * @rec_size: its clause's record bytes
 * @what: "predicate" or "actions" of which clause, for the log
 * @log: one line on failure
 *
 * Every instruction, operand, register type and branch.
 *
 * Return: 0, -EINVAL, -E2BIG or -EACCES.
 */
int sonde_verify_prog(const struct sonde_image *img, u32 off, u32 len,
		      bool pred, u32 rec_size, const char *what,
		      struct sonde_vlog *log);

/**
 * sonde_scratch_str() - room for one string in the firing's scratch
 * @ctx: the firing
 *
 * Context: probe context.
 * Return: strsize bytes (rounded up to 8), or NULL when the scratch is
 * used up (the caller faults with SONDE_FLT_NOSCRATCH).
 */
char *sonde_scratch_str(struct sonde_vm_ctx *ctx);

/**
 * sonde_scratch_alloc() - room for @size bytes in the firing's scratch
 * @ctx: the firing
 * @size: bytes (rounded up to 8)
 *
 * Context: probe context.
 * Return: the bytes, or NULL when the scratch is used up.
 */
u8 *sonde_scratch_alloc(struct sonde_vm_ctx *ctx, u32 size);

/**
 * sonde_in_scratch() - is a range inside the scratch the firing has used
 * @ctx: the firing
 * @addr: the start
 * @size: the bytes
 *
 * Return: true when [@addr, @addr + @size) lies there.
 */
bool sonde_in_scratch(const struct sonde_vm_ctx *ctx, u64 addr, u64 size);

/**
 * sonde_scratch_at() - a buffer address as a pointer into the strings and
 * buffers the firing has used (scratch_base to scratch_used)
 * @ctx: the firing
 * @addr: the start, a value the program computed
 * @size: the bytes it reads or writes there
 *
 * sonde_in_scratch()'s check, and under speculation too: the offset is
 * clamped with array_index_nospec() after the check, so a mispredicted
 * check cannot reach past the scratch with an address the script chose.
 * Every access to a buffer's bytes goes through the pointer this returns.
 *
 * Context: probe context.
 * Return: the pointer, or NULL when [@addr, @addr + @size) is not there.
 */
static inline u8 *sonde_scratch_at(const struct sonde_vm_ctx *ctx, u64 addr,
				   u64 size)
{
	u64 used = ctx->scratch_used;
	u64 off = addr - (u64)(unsigned long)ctx->scratch;

	/* buffers live from scratch_base on: below it is the key being
	 * built, never a buffer's (s[-1] of the first buffer faults, as
	 * DTrace's below its alloca space does) */
	if (addr < (u64)(unsigned long)ctx->scratch ||
	    off < ctx->img->scratch_base || off > used ||
	    used - off < size)
		return NULL;
	/* so off <= used - size: clamp it below used - size + 1 */
	off = array_index_nospec(off, used - size + 1);
	return (u8 *)ctx->scratch + off;
}

/**
 * sonde_scratch_off() - the offset of a buffer address into scratch
 * @ctx: the firing
 * @addr: an address inside the scratch
 *
 * Fault reports name buffers by offset, never by kernel address.
 *
 * Return: the offset.
 */
u64 sonde_scratch_off(const struct sonde_vm_ctx *ctx, u64 addr);

/**
 * sonde_subr() - call subroutine @id
 * @ctx: the firing
 * @id: SONDE_SUBR_*
 * @a: its arguments
 * @n: their count
 * @out: its result
 *
 * Context: probe context; bounded by strsize and the copy sizes.
 * Return: 0, or -EFAULT with ctx->fault set.
 */
int sonde_subr(struct sonde_vm_ctx *ctx, u32 id, const u64 *a, u32 n,
	       u64 *out);

#endif /* _SONDE_VM_IMPL_H */
