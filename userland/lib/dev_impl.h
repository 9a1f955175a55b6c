/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dev_impl.h - what libsonde keeps of an open /dev/sonde: the file, the
 * handshake's answer, LOAD's buffer sizes, and the resolver's message
 * and warning callback.  Private to libsonde (device.c makes every ioctl;
 * resolution and the run loop read the rest); everything outside the
 * library holds a struct sonde_dev * it cannot look into and uses the
 * functions of libsonde.h.  Consumer thread only.
 */
#ifndef _SONDE_DEV_IMPL_H
#define _SONDE_DEV_IMPL_H

#include "libsonde.h"

struct sonde_dev {
	int fd;
	struct sonde_info info;
	uint64_t bufsize;	/* from LOAD: bytes a DRAIN buffer needs */
	uint64_t aggsize;	/* from LOAD: bytes an AGGSNAP buffer needs */
	char errmsg[512];	/* why the last resolve failed, if it says */
	/* told of what resolving left out but did not fail for (a USDT
	 * site whose arguments sonde cannot evaluate); may be NULL */
	void (*warn)(void *arg, const char *msg);
	void *warn_arg;
	/* the objects of each process whose user probes resolving made
	 * (uprov.c): later.c's rounds start from them */
	struct sonde_dev_uobjs {
		pid_t pid;
		struct sonde_uobjset set;
	} *uobjs;
	size_t nuobjs;
	/* SONDE_IOC_ANON claimed this file the anonymous state, already
	 * going: the next sonde_dev_go() gives its BEGIN CPU, no GO */
	bool anon_claimed;
	uint32_t anon_begin_cpu;
};

/* Tell the warning callback @msg, if there is one. */
void sonde_dev_warn(struct sonde_dev *dev, const char *msg);

#endif /* _SONDE_DEV_IMPL_H */
