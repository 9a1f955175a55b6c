/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vm_types.h - the little that vm/ needs from its world, so the same
 * sources compile into sonde.ko and into userland.
 */
#ifndef _SONDE_VM_TYPES_H
#define _SONDE_VM_TYPES_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/stddef.h>
#include <linux/compiler.h>
#include <linux/nospec.h>
#else
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>

#include <linux/types.h>

/* The kernel's spellings, on the uapi types so both worlds agree. */
typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
typedef __s8 s8;
typedef __s16 s16;
typedef __s32 s32;
typedef __s64 s64;

#ifndef likely
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#endif
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#ifndef fallthrough
#define fallthrough	__attribute__((__fallthrough__))
#endif
#ifndef __uninitialized
#define __uninitialized
#endif

/*
 * array_index_nospec(): the kernel's clamp of an index after its bounds
 * check (linux/nospec.h), so that a mispredicted check reads and writes
 * nothing out of range under speculation (Spectre v1).  Userland (the
 * unit tests, the fuzzers, the compiler's self-check) guards no secret
 * from the programs it runs; it gets the kernel's generic mask, same
 * results, so both builds run the same code.
 */
static inline unsigned long sonde_index_mask_nospec(unsigned long index,
						    unsigned long size)
{
	__asm__("" : "+r"(index));	/* OPTIMIZER_HIDE_VAR() */
	return ~(long)(index | (size - 1UL - index)) >>
	       (sizeof(long) * 8 - 1);
}

#define array_index_nospec(index, size)					\
({									\
	__typeof__(index) _i = (index);					\
	unsigned long _m = sonde_index_mask_nospec(_i, (size));		\
									\
	(__typeof__(_i))(_i & _m);					\
})
#endif /* __KERNEL__ */

/*
 * The fuzzers' cost oracle (userland/tests/fuzz_kmod.c, built with
 * SONDE_WORK_ORACLE): the work a firing really does, in the cost model's
 * units (vm/cost.c), counted where it is done and compared with what the
 * verifier charged.  Nothing in the module or the command.
 */
#ifdef SONDE_WORK_ORACLE
extern unsigned long long sonde_work;
#define SONDE_WORK(n)	((void)(sonde_work += (n)))
#else
#define SONDE_WORK(n)	((void)0)
#endif

#endif /* _SONDE_VM_TYPES_H */
