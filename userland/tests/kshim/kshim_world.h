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
	/* a jstack() helper for the firing thread: an interpreter's
	 * layout over the memory window (vm/jstack.c walks it) */
	bool jhelper;
	struct sonde_pyoffsets pyoff;
	u64 runtime;
	u64 tid;
	u32 max_threads;
	u32 max_interps;
	u64 jdrops;
};
extern struct kshim_world kshim_world;
extern bool kshim_verbose;

#endif /* _SONDE_KSHIM_WORLD_H */
