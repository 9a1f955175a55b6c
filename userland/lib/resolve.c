// SPDX-License-Identifier: GPL-2.0
/*
 * resolve.c - probe descriptions to enablings: the sites a description
 * names are offered (user probes: uprov.c; kernel functions and event
 * systems: kprov.c), then every description of every
 * clause is matched by the module (SONDE_IOC_PROBES), and each (probe,
 * clause) pair becomes an ECB, in clause order then description order
 * then probe-id order, as DTrace enables them.  Consumer thread only.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev_impl.h"

const char *sonde_desc_str(const struct sonde_probe_desc *d)
{
	static char buf[SONDE_PROVNAMELEN + SONDE_MODNAMELEN +
			SONDE_FUNCNAMELEN + SONDE_NAMELEN + 4];

	snprintf(buf, sizeof(buf), "%.*s:%.*s:%.*s:%.*s",
		 SONDE_PROVNAMELEN, d->provider, SONDE_MODNAMELEN, d->module,
		 SONDE_FUNCNAMELEN, d->function, SONDE_NAMELEN, d->name);
	return buf;
}

uint32_t sonde_program_ndescs(const struct sonde_program *p)
{
	uint32_t i, n = 0;

	for (i = 0; i < p->nclauses; i++)
		n += p->clauses[i].ndescs;
	return n;
}

int sonde_program_resolve(struct sonde_dev *dev, struct sonde_program *p,
			  uint32_t *counts)
{
	struct sonde_ecb *ecbs = NULL, *te;
	struct sonde_probe_info *eprobe = NULL, *tp, *probes;
	uint32_t necbs = 0, cap = 0, c, d, k, n, di = 0;
	int err;

	dev->errmsg[0] = '\0';
	for (c = 0; c < p->nclauses; c++) {
		struct sonde_pclause *cl = &p->clauses[c];

		for (d = 0; d < cl->ndescs; d++, di++) {
			struct sonde_probe_desc desc = cl->descs[d].desc;

			err = sonde_uprobe_provide(dev, &desc, dev->errmsg,
						   sizeof(dev->errmsg));
			if (err < 0)
				goto out_free;
			err = sonde_kernel_provide(dev, &desc, dev->errmsg,
						   sizeof(dev->errmsg));
			if (err < 0)
				goto out_free;
			err = sonde_dev_probes(dev, &desc, &probes, &n);
			if (err)
				goto out_free;
			if (counts)
				counts[di] = n;
			if (necbs + n > cap) {
				cap = (necbs + n) * 2 + 16;
				te = realloc(ecbs, cap * sizeof(*ecbs));
				if (te)
					ecbs = te;
				tp = realloc(eprobe, cap * sizeof(*eprobe));
				if (tp)
					eprobe = tp;
				if (!te || !tp) {
					free(probes);
					err = -ENOMEM;
					goto out_free;
				}
			}
			for (k = 0; k < n; k++) {
				ecbs[necbs].probe_id = probes[k].id;
				ecbs[necbs].clause = c;
				eprobe[necbs] = probes[k];
				necbs++;
			}
			free(probes);
		}
	}
	free(p->ecbs);
	free(p->ecb_probe);
	p->ecbs = ecbs;
	p->ecb_probe = eprobe;
	p->necbs = necbs;
	return 0;

out_free:
	free(ecbs);
	free(eprobe);
	return err;
}
