// SPDX-License-Identifier: GPL-2.0
/*
 * sdt.c - statically defined probes on kernel hooks (sdt.h): making the
 * probes of a provider's table and arming and disarming their sites,
 * tracepoints (tracepoint_probe_register) and kprobes and kretprobes
 * (at a function's start, which kprobes puts on the ftrace site when the
 * function has one, so nothing is patched but the fentry nop).
 *
 * A probe is armed when every site it needs is: a site marked optional
 * may be missing from the running kernel (the same hook under another
 * name in another version: scheduler_tick and sched_tick), but at least
 * one site must take, and a site the kernel refuses for another reason
 * fails the enabling, with a kernel log line naming it.
 *
 * Called by the providers' provide/enable/disable, under sonde_lock, in
 * process context (may sleep).  Never probe context.
 */
#include <linux/kprobes.h>
#include <linux/tracepoint.h>

#include "sonde_kmod.h"
#include "sdt.h"

/**
 * sonde_sdt_provide() - make the probes of a provider's table
 * @tab: the table
 * @n: its size
 * @desc: the listing's description
 * @made: the table's flag: set once they are made
 *
 * Only when @desc can match one of them (BEGIN names none), once: the
 * probes stay for the module's life.  A probe with a tracepoint site the
 * kernel lacks (and not optional) is not made.
 *
 * Context: process context, sonde_lock held.
 * Return: 0 or a negative errno (no memory, ids exhausted).
 */
int sonde_sdt_provide(struct sonde_sdt *tab, u32 n,
		      const struct sonde_probe_desc *desc, bool *made)
{
	struct sonde_probe *p;
	u32 i, j;

	if (*made)
		return 0;
	for (i = 0; i < n; i++)
		if (sonde_glob_match(desc->provider, tab[i].prov->name) &&
		    sonde_glob_match(desc->name, tab[i].name))
			break;
	if (i == n)
		return 0;
	for (i = 0; i < n; i++) {
		struct sonde_sdt *s = &tab[i];
		bool kp = false, ok = true;

		if (s->probe)
			continue;
		if (WARN_ON_ONCE(s->nsites > SONDE_SDT_MAX_SITES))
			continue;
		for (j = 0; j < s->nsites; j++) {
			const struct sonde_sdt_site *site = &s->sites[j];

			if (site->kind != SONDE_SDT_TP) {
				kp = true;
				continue;
			}
			s->live[j].tp = sonde_tracepoint_find(site->name);
			if (!s->live[j].tp && !site->optional) {
				pr_info("sonde: %s:::%s: no tracepoint %s\n",
					s->prov->name, s->name, site->name);
				ok = false;
			}
		}
		if (!ok)
			continue;
		p = sonde_probe_create(s->prov, "", "", s->name, s->nargs,
				       (unsigned long)s);
		if (IS_ERR(p))
			return PTR_ERR(p);
		s->probe = p;
		if (kp)
			p->flags = SONDE_PROBEF_KPROBE;
	}
	*made = true;
	return 0;
}

/* Arm site @j of @s: 0, -ENOENT when the kernel has no such hook. */
static int sonde_sdt_arm(struct sonde_sdt *s, u32 j)
{
	const struct sonde_sdt_site *site = &s->sites[j];
	struct sonde_sdt_live *l = &s->live[j];
	struct tracepoint *tp = l->tp;
	int err;

	if (site->kind == SONDE_SDT_TP) {
		if (!tp)
			return -ENOENT;
		err = tracepoint_probe_register(tp, site->fn, s);
		l->on = !err;
		return err;
	}
	memset(&l->rp, 0, sizeof(l->rp));
	l->s = s;
	l->tp = NULL;
	l->rp.kp.symbol_name = site->name;
	if (site->kind == SONDE_SDT_KP) {
		l->rp.kp.pre_handler = site->fn;
		err = register_kprobe(&l->rp.kp);
	} else {
		l->rp.handler = site->fn;
		l->rp.entry_handler = site->entry;
		l->rp.data_size = site->data_size;
		/* every thread asleep in the function holds an instance */
		if (site->sleeps)
			l->rp.maxactive = max_t(int, 64,
						4 * num_possible_cpus());
		err = register_kretprobe(&l->rp);
	}
	l->on = !err;
	return err;
}

static void sonde_sdt_disarm(struct sonde_sdt *s, u32 j)
{
	const struct sonde_sdt_site *site = &s->sites[j];
	struct sonde_sdt_live *l = &s->live[j];

	if (!l->on)
		return;
	l->on = false;
	switch (site->kind) {
	case SONDE_SDT_TP:
		WARN_ON_ONCE(tracepoint_probe_unregister(l->tp, site->fn, s));
		break;
	case SONDE_SDT_KP:
		unregister_kprobe(&l->rp.kp);
		break;
	default:
		unregister_kretprobe(&l->rp);
		break;
	}
}

/**
 * sonde_sdt_enable() - arm a probe's sites (its provider's enable)
 * @p: a probe sonde_sdt_provide() made
 *
 * Context: process context, sonde_lock held.
 * Return: 0, or the first refusal's errno (nothing left armed).
 */
int sonde_sdt_enable(struct sonde_probe *p)
{
	struct sonde_sdt *s = (struct sonde_sdt *)p->data;
	u32 j, armed = 0;
	int err;

	for (j = 0; j < s->nsites; j++) {
		err = sonde_sdt_arm(s, j);
		if (!err) {
			armed++;
			continue;
		}
		if (err == -ENOENT && s->sites[j].optional)
			continue;
		pr_info("sonde: %s:::%s cannot be probed: %s error %d\n",
			p->prov->name, s->name, s->sites[j].name, err);
		goto out_disarm;
	}
	if (armed)
		return 0;
	err = -ENOENT;
	pr_info("sonde: %s:::%s cannot be probed: this kernel has none of its sites\n",
		p->prov->name, s->name);
out_disarm:
	while (j--)
		sonde_sdt_disarm(s, j);
	return err;
}

/**
 * sonde_sdt_disable() - disarm a probe's sites (its provider's disable)
 * @p: an armed probe
 *
 * Kprobe and kretprobe handlers have returned when this does; tracepoint
 * handlers may still run until the caller's sonde_sync().
 *
 * Context: process context, sonde_lock held.
 */
void sonde_sdt_disable(struct sonde_probe *p)
{
	struct sonde_sdt *s = (struct sonde_sdt *)p->data;
	u32 j;

	for (j = 0; j < s->nsites; j++)
		sonde_sdt_disarm(s, j);
}
