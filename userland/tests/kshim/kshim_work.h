/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim_work.h - force-included into every file of the kernel-world
 * fuzzer (fuzz_kmod): memcpy() and memset() count their bytes for the
 * cost oracle (SONDE_WORK, vm/vm_types.h), 8 a unit as the cost model
 * counts them, wherever the module's code or the VM calls them.
 */
#ifndef _SONDE_KSHIM_WORK_H
#define _SONDE_KSHIM_WORK_H

#include <string.h>

extern unsigned long long sonde_work;

static inline void *kshim_work_memcpy(void *d, const void *s, size_t n)
{
	sonde_work += n / 8 + 1;
	return memcpy(d, s, n);
}

static inline void *kshim_work_memset(void *d, int c, size_t n)
{
	sonde_work += n / 8 + 1;
	return memset(d, c, n);
}

static inline void *kshim_work_memmove(void *d, const void *s, size_t n)
{
	sonde_work += n / 8 + 1;
	return memmove(d, s, n);
}

#define memcpy(d, s, n)		kshim_work_memcpy((d), (s), (n))
#define memset(d, c, n)		kshim_work_memset((d), (c), (n))
#define memmove(d, s, n)	kshim_work_memmove((d), (s), (n))

#endif /* _SONDE_KSHIM_WORK_H */
