// SPDX-License-Identifier: GPL-2.0
/*
 * later.c - the user probes of objects a traced process maps after
 * tracing began, as DTrace enables them: a library dlopen()ed later, the
 * libjvm.so a java launcher loads after its exec.  For each -c / -p
 * process that a description names (PROVIDER<pid>, pid<pid>), the
 * consumer places a rendezvous at the dynamic linker's _dl_debug_state()
 * (SONDE_IOC_RDV: the r_debug breakpoint debuggers use, which glibc's
 * dl_open_worker calls once the new objects are mapped and before it
 * relocates them or runs a constructor); the thread that reaches it waits
 * in the kernel while the run loop, polling every 10 ms, reads the
 * process's new objects, makes their probes (uprov.c, SONDE_IOC_UPROBE),
 * enables the new (probe, clause) pairs (SONDE_IOC_ENABLE, appended to
 * the program's ECBs, so the EPIDs the records carry name them) and lets
 * it go.  Consumer thread only.
 */
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "consume_impl.h"
#include "dev_impl.h"
#include "usdt.h"

bool sonde_later_wanted(const struct sonde_program *p, pid_t pid)
{
	uint32_t c, d;
	pid_t dp;

	for (c = 0; c < p->nclauses; c++)
		for (d = 0; d < p->clauses[c].ndescs; d++)
			if (sonde_uprobe_desc_pid(&p->clauses[c].descs[d].desc,
						  &dp) && dp == pid)
				return true;
	return false;
}

/* Is (@probe_id, @clause) enabled already? */
static bool sonde_later_has(const struct sonde_program *p, uint32_t probe_id,
			    uint32_t clause)
{
	uint32_t i;

	for (i = 0; i < p->necbs; i++)
		if (p->ecbs[i].probe_id == probe_id &&
		    p->ecbs[i].clause == clause)
			return true;
	return false;
}

/*
 * Enable @n new pairs and append them to @p's ECBs, in the order the
 * kernel numbers them.
 */
static int sonde_later_enable(struct sonde_dev *dev, struct sonde_program *p,
			      struct sonde_ecb *ecbs,
			      struct sonde_probe_info *probes, uint32_t n)
{
	struct sonde_enable req;
	struct sonde_ecb *te;
	struct sonde_probe_info *tp;
	int err;

	te = realloc(p->ecbs, (p->necbs + n) * sizeof(*te));
	if (te)
		p->ecbs = te;
	tp = realloc(p->ecb_probe, (p->necbs + n) * sizeof(*tp));
	if (tp)
		p->ecb_probe = tp;
	if (!te || !tp)
		return -ENOMEM;
	memset(&req, 0, sizeof(req));
	req.ecbs = (uintptr_t)ecbs;
	req.necbs = n;
	err = sonde_dev_enable(dev, &req);
	if (err)
		return err;
	if (req.first_epid != p->necbs + 1)
		return -EPROTO;	/* the kernel numbers them otherwise */
	memcpy(p->ecbs + p->necbs, ecbs, n * sizeof(*ecbs));
	memcpy(p->ecb_probe + p->necbs, probes, n * sizeof(*probes));
	p->necbs += n;
	return 0;
}

/* @d's probes (clause @clause) not yet enabled: enabled now. */
static int sonde_later_desc(struct sonde_dev *dev, struct sonde_program *p,
			    const struct sonde_probe_desc *d, uint32_t clause)
{
	struct sonde_probe_info *probes, *np = NULL;
	struct sonde_ecb *ne = NULL;
	uint32_t n, k, nn = 0;
	int err;

	err = sonde_dev_probes(dev, d, &probes, &n);
	if (err)
		return err;
	ne = calloc(n ? n : 1, sizeof(*ne));
	np = calloc(n ? n : 1, sizeof(*np));
	if (!ne || !np) {
		err = -ENOMEM;
		goto out;
	}
	for (k = 0; k < n; k++) {
		if (sonde_later_has(p, probes[k].id, clause))
			continue;
		ne[nn].probe_id = probes[k].id;
		ne[nn].clause = clause;
		np[nn++] = probes[k];
	}
	if (nn)
		err = sonde_later_enable(dev, p, ne, np, nn);
out:
	free(ne);
	free(np);
	free(probes);
	return err;
}

int sonde_later_round(struct sonde_dev *dev, struct sonde_program *p,
		      struct sonde_later *l, char *err, size_t errlen)
{
	char **objs;
	size_t n;
	uint32_t c, d;
	int main, ret;

	ret = sonde_uobjs_new(l->pid, &l->seen, &objs, &n, &main);
	if (ret == -ENOENT || ret == -ESRCH)
		return 0;	/* it has gone: nothing to enable */
	if (ret) {
		sonde_errf(err, errlen, "cannot read the objects of process %d: %s",
			   (int)l->pid, strerror(-ret));
		return ret;
	}
	/* the objects are seen now: every description gets its probes in
	 * them even when one fails (the first failure is said) */
	for (c = 0; c < p->nclauses && n; c++) {
		for (d = 0; d < p->clauses[c].ndescs; d++) {
			const struct sonde_probe_desc *desc =
				&p->clauses[c].descs[d].desc;
			struct sonde_status st;
			int r;

			/* a.out is the program, mapped at exec: resolved */
			if (!strcmp(desc->module, "a.out"))
				continue;
			r = sonde_uprobe_provide_objs(dev, desc, l->pid, objs,
						      n, main, ret ? NULL : err,
						      ret ? 0 : errlen);
			/* a big object (libjvm.so) takes a while: the
			 * deadman hears from us meanwhile */
			sonde_dev_status(dev, &st);
			if (r > 0)
				r = sonde_later_desc(dev, p, desc, c);
			if (r < 0 && !ret) {
				ret = r;
				if (!err[0])
					sonde_errf(err, errlen, "cannot enable %s in process %d: %s",
						   sonde_desc_str(desc),
						   (int)l->pid,
						   sonde_strerror(r));
			}
		}
	}
	sonde_strv_free(objs, n);
	return ret;
}

/* The process's dynamic linker and its _dl_debug_state(). */
static int sonde_later_rtld(pid_t pid, char *path, size_t size,
			    uint64_t *offset)
{
	char **maps, why[256], rpath[PATH_MAX + 32];
	struct sonde_ufunc *fns;
	size_t n, nf, i, k;
	int err, ret = -ENOENT;

	err = sonde_proc_objects(pid, &maps, &n);
	if (err)
		return err;
	for (i = 1; i < n && ret == -ENOENT; i++) {
		const char *base = strrchr(maps[i], '/');

		base = base ? base + 1 : maps[i];
		/* glibc's ld-linux-x86-64.so.2, musl's ld-musl-*.so.1 */
		if (fnmatch("ld-*.so*", base, 0))
			continue;
		snprintf(rpath, sizeof(rpath), "/proc/%d/root%s", (int)pid,
			 maps[i]);
		if (sonde_elf_funcs(rpath, &fns, &nf, why, sizeof(why)))
			continue;
		for (k = 0; k < nf; k++) {
			if (strcmp(fns[k].name, "_dl_debug_state"))
				continue;
			snprintf(path, size, "%s", rpath);
			*offset = fns[k].offset;
			ret = 0;
			break;
		}
		sonde_ufuncs_free(fns, nf);
	}
	sonde_strv_free(maps, n);
	return ret;
}

int sonde_later_place(struct sonde_dev *dev, struct sonde_later *l,
		      char *err, size_t errlen)
{
	char path[PATH_MAX + 32];
	struct sonde_rdv req;
	uint64_t off;
	int ret;

	ret = sonde_later_rtld(l->pid, path, sizeof(path), &off);
	if (ret == -ENOENT)
		return 0;	/* linked statically: nothing loads later */
	if (ret) {
		sonde_errf(err, errlen, "cannot read the objects of process %d: %s",
			   (int)l->pid, strerror(-ret));
		return ret;
	}
	memset(&req, 0, sizeof(req));
	req.op = SONDE_RDV_ADD;
	req.path = (uintptr_t)path;
	req.offset = off;
	req.pid = l->pid;
	ret = sonde_dev_rdv(dev, &req);
	if (ret) {
		sonde_errf(err, errlen, "cannot watch the objects process %d loads (%s+%#llx): %s",
			   (int)l->pid, path, (unsigned long long)off,
			   sonde_strerror(ret));
		return ret;
	}
	l->placed = true;
	return 0;
}

int sonde_later_poll(struct sonde_dev *dev, struct sonde_consumer *c,
		     struct sonde_later *ls, unsigned int n, uint64_t *seen)
{
	struct sonde_rdv req;
	char msg[768];
	unsigned int i;
	uint64_t arrived;
	int ret;

	memset(&req, 0, sizeof(req));
	req.op = SONDE_RDV_SEEN;
	req.seen = *seen;
	ret = sonde_dev_rdv(dev, &req);
	if (ret || req.arrived == *seen)
		return ret;
	arrived = req.arrived;
	for (i = 0; i < n; i++) {
		if (!ls[i].placed)
			continue;
		msg[0] = '\0';
		if (sonde_later_round(dev, c->prog, &ls[i], msg, sizeof(msg)))
			sonde_consumer_msg(c, SONDE_MSG_WARNING, "%s", msg);
	}
	/* their probes are there: the threads that waited go on */
	memset(&req, 0, sizeof(req));
	req.op = SONDE_RDV_SEEN;
	req.seen = arrived;
	ret = sonde_dev_rdv(dev, &req);
	if (!ret)
		*seen = arrived;
	return ret;
}
