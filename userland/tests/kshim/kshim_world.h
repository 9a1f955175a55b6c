/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim_world.h - what the kernel-world fuzzer sets up for the module's
 * environment (env_shim.c): the memory a script may read, user
 * registers, the stack depth.
 */
#ifndef _SONDE_KSHIM_WORLD_H
#define _SONDE_KSHIM_WORLD_H

#include "kshim.h"

/* the kernel window at FZ_KBASE, the user one a page above (fuzz_gen.h) */
#define FZ_KBASE	0x1000ULL

struct kshim_world {
	u8 mem[256];
	u32 memlen;
	u64 uregs[SONDE_NUREGS];
	u32 stackdepth;
};
extern struct kshim_world kshim_world;
extern bool kshim_verbose;

#endif /* _SONDE_KSHIM_WORLD_H */
