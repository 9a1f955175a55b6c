/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vm_env.h - a userland world for vm/: deterministic built-ins, a small
 * readable memory window for loads, an aggregation table.  Used by the VM
 * corpus, the microbenchmark and the fuzzer.
 */
#ifndef _SONDE_TESTS_VM_ENV_H
#define _SONDE_TESTS_VM_ENV_H

#include "env.h"

#define MEM_KBASE	0x1000ULL
#define MEM_UBASE	0x2000ULL
#define MAX_AGGENT	256
struct agg_ent {
	u32 aggid;
	u32 ksize;
	u8 key[1024];
	s64 val[256];
};

#define MAX_DVAR	64
struct dvar_ent {
	u32 var;
	u32 ksize;
	u8 key[1024];
	u8 val[4096];
};

/* The test world's firing state. */
struct tenv {
	u8 mem[256];
	u32 memlen;
	u64 args[10];
	struct agg_ent ents[MAX_AGGENT];
	u32 nents;
	bool exited;
	s64 exit_status;
	struct dvar_ent dvars[MAX_DVAR];
	u32 ndvars;
	u64 dyndrops;
	u64 jdrops;
	u64 seed;
	const struct sonde_image *img;
	int raised;		/* raise()'s last signal */
	u32 destructs;		/* stop(), panic(), breakpoint() calls */
};


#endif /* _SONDE_TESTS_VM_ENV_H */
