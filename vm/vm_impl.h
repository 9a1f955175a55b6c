/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vm_impl.h - declarations shared by the files of vm/ only.
 */
#ifndef _SONDE_VM_IMPL_H
#define _SONDE_VM_IMPL_H

#include "vm.h"

int sonde_op_rtype(u32 op);
bool sonde_ops_need_str_rs(u32 op);
bool sonde_ops_need_str_rt(u32 op);

/*
 * Verify one predicate or actions program of @len instructions at @off.
 */
int sonde_verify_prog(const struct sonde_image *img, u32 off, u32 len,
		      bool pred, u32 rec_size, const char *what,
		      struct sonde_vlog *log);

#endif /* _SONDE_VM_IMPL_H */
