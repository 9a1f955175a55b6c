/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sdt.h - statically defined probes on kernel hooks: the machinery the
 * stable providers (sched, proc, io: prov_stable.c) and lockstat
 * (prov_lockstat.c) share.  A provider is a table of struct sonde_sdt,
 * one per probe; each names its sites, the tracepoints, kprobes and
 * kretprobes that fire it, and sdt.c makes the probes, arms and disarms
 * the sites.  The handlers are the providers' own and are probe context;
 * everything in sdt.c runs under sonde_lock.
 */
#ifndef _SONDE_SDT_H
#define _SONDE_SDT_H

#include <linux/kprobes.h>
#include <linux/tracepoint.h>

#include "sonde_kmod.h"

enum {
	SONDE_SDT_TP,		/* a vmlinux tracepoint: fn is its probe
				 * function, called with the sonde_sdt as
				 * data */
	SONDE_SDT_KP,		/* a kprobe at a function's start: fn is its
				 * pre_handler (kprobe_pre_handler_t) */
	SONDE_SDT_KRP,		/* a kretprobe: fn its handler at return,
				 * entry its entry handler (or NULL) and
				 * data_size the bytes of ri->data */
};

/* One site of a probe: the hook and the handler on it. */
struct sonde_sdt_site {
	u8 kind;		/* SONDE_SDT_* */
	bool optional;		/* a kernel without it is fine (another
				 * site, of another kernel, takes its place) */
	const char *name;	/* the tracepoint, or the function's symbol */
	void *fn;
	kretprobe_handler_t entry;
	u32 data_size;
	bool sleeps;		/* a kretprobe on a function that may sleep:
				 * more instances (each sleeper holds one) */
};

/* A site while armed. */
struct sonde_sdt_live {
	struct kretprobe rp;	/* rp.kp alone for a kprobe */
	struct tracepoint *tp;
	struct sonde_sdt *s;
	bool on;
};

#define SONDE_SDT_MAX_SITES	12

/* One probe. */
struct sonde_sdt {
	const struct sonde_provider *prov;
	const char *name;
	u32 nargs;
	const struct sonde_sdt_site *sites;
	u32 nsites;
	void *priv;		/* the provider's, for its handlers */
	/* sonde_lock */
	struct sonde_probe *probe;
	struct sonde_sdt_live live[SONDE_SDT_MAX_SITES];
};

#define SONDE_SDT_SITES(...) \
	.sites = (const struct sonde_sdt_site[]){ __VA_ARGS__ }, \
	.nsites = sizeof((const struct sonde_sdt_site[]){ __VA_ARGS__ }) / \
		  sizeof(struct sonde_sdt_site)

int sonde_sdt_provide(struct sonde_sdt *tab, u32 n,
		      const struct sonde_probe_desc *desc, bool *made);
int sonde_sdt_enable(struct sonde_probe *p);
void sonde_sdt_disable(struct sonde_probe *p);

/* The probe of a handler's site (probe context). */
static __always_inline struct sonde_sdt *sonde_sdt_of_kp(struct kprobe *kp)
{
	return container_of(kp, struct sonde_sdt_live, rp.kp)->s;
}

static __always_inline struct sonde_sdt *
sonde_sdt_of_ri(struct kretprobe_instance *ri)
{
	return container_of(get_kretprobe(ri), struct sonde_sdt_live, rp)->s;
}

#endif /* _SONDE_SDT_H */
