/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vm_impl.h - declarations shared by the files of vm/ only.
 */
#ifndef _SONDE_VM_IMPL_H
#define _SONDE_VM_IMPL_H

#include "vm.h"
#include "env.h"

int sonde_op_rtype(u32 op);
/* SONDE_K_* of an opcode's rs and rt operands. */
int sonde_op_kind_rs(u32 op);
int sonde_op_kind_rt(u32 op);

/*
 * Verify one predicate or actions program of @len instructions at @off.
 */
int sonde_verify_prog(const struct sonde_image *img, u32 off, u32 len,
		      bool pred, u32 rec_size, const char *what,
		      struct sonde_vlog *log);

char *sonde_scratch_str(struct sonde_vm_ctx *ctx);
/* Is [@addr, @addr + @size) inside the scratch the firing has used? */
bool sonde_in_scratch(const struct sonde_vm_ctx *ctx, u64 addr, u64 size);
/* The offset of buffer address @addr into scratch, for fault reports. */
u64 sonde_scratch_off(const struct sonde_vm_ctx *ctx, u64 addr);
/* Subroutine @id on @n arguments: 0, or -EFAULT with ctx->fault set. */
int sonde_subr(struct sonde_vm_ctx *ctx, u32 id, const u64 *a, u32 n,
	       u64 *out);

#endif /* _SONDE_VM_IMPL_H */
