// SPDX-License-Identifier: GPL-2.0
/*
 * anon.c - anonymous (boot-time) enablings on the library's side: the
 * file `sonde -A` saves (uapi/sonde.h, struct sonde_anon_hdr), and, on
 * `sonde -a`, the program compiled again from that file bound to the
 * enablings the module started at load.  The file's parse is vm/anon.c's,
 * the one the module runs.  Consumer thread only; never prints.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libsonde.h"
#include "vm.h"

static size_t anon_align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/* A probe the module makes by itself at load, without the command? */
static bool anon_probe_ok(const struct sonde_probe_desc *d, char *err,
			  size_t errlen)
{
	size_t n = strlen(d->provider);

	if (!strcmp(d->provider, "fbt")) {
		sonde_errf(err, errlen, "probe %s:%s:%s:%s cannot be enabled anonymously: fbt probes exist once a consumer offers them, not at module load",
			   d->provider, d->module, d->function, d->name);
		return false;
	}
	if (n && d->provider[n - 1] >= '0' && d->provider[n - 1] <= '9') {
		sonde_errf(err, errlen, "probe %s:%s:%s:%s cannot be enabled anonymously: it is a probe of process %s, which the next boot will not have",
			   d->provider, d->module, d->function, d->name,
			   d->provider + strcspn(d->provider, "0123456789"));
		return false;
	}
	return true;
}

/* @p's image with the @n enablings @ecbs instead of its own (malloc'd). */
static int anon_image(const struct sonde_program *p, struct sonde_ecb *ecbs,
		      uint32_t n, void **image, size_t *size)
{
	struct sonde_program q = *p;

	q.ecbs = ecbs;
	q.necbs = n;
	return sonde_program_image_bind(&q, image, size);
}

int sonde_anon_build(const struct sonde_program *p, const char *args,
		     size_t args_size, void **file, size_t *size, char *err,
		     size_t errlen)
{
	struct sonde_anon_hdr *h;
	struct sonde_probe_desc *probes;
	struct sonde_ecb *ecbs;
	void *image = NULL;
	size_t isize = 0, total, poff, aoff;
	uint8_t *buf;
	uint32_t i;
	int ret;

	*file = NULL;
	*size = 0;
	if (!p->image || !p->necbs) {
		sonde_errf(err, errlen, "the program enables no probe");
		return -EINVAL;
	}
	if (args_size > SONDE_ANON_MAX_ARGS) {
		sonde_errf(err, errlen, "the command's arguments are %zu bytes, over the limit of %u",
			   args_size, (unsigned int)SONDE_ANON_MAX_ARGS);
		return -E2BIG;
	}
	for (i = 0; i < p->necbs; i++)
		if (!anon_probe_ok(&p->ecb_probe[i].desc, err, errlen))
			return -EINVAL;
	ecbs = calloc(p->necbs, sizeof(*ecbs));
	if (!ecbs)
		return -ENOMEM;
	/* enabling i names probe i of the file's table, from 1 */
	for (i = 0; i < p->necbs; i++) {
		ecbs[i].clause = p->ecbs[i].clause;
		ecbs[i].probe_id = i + 1;
	}
	ret = anon_image(p, ecbs, p->necbs, &image, &isize);
	free(ecbs);
	if (ret)
		return ret;
	poff = anon_align8(sizeof(*h) + isize);
	aoff = poff + (size_t)p->necbs * sizeof(*probes);
	total = aoff + args_size;
	if (total > SONDE_ANON_MAX_SIZE) {
		free(image);
		sonde_errf(err, errlen, "the saved enabling would be %zu bytes, over the limit of %u",
			   total, (unsigned int)SONDE_ANON_MAX_SIZE);
		return -E2BIG;
	}
	buf = calloc(1, total);
	if (!buf) {
		free(image);
		return -ENOMEM;
	}
	h = (struct sonde_anon_hdr *)buf;
	h->magic = SONDE_ANON_MAGIC;
	h->version = SONDE_ANON_VERSION;
	h->hdr_size = sizeof(*h);
	h->abi_version = SONDE_ABI_VERSION;
	h->file_size = (uint32_t)total;
	h->prog_off = sizeof(*h);
	h->prog_size = (uint32_t)isize;
	h->probes_off = (uint32_t)poff;
	h->nprobes = p->necbs;
	h->args_off = (uint32_t)aoff;
	h->args_size = (uint32_t)args_size;
	memcpy(buf + h->prog_off, image, isize);
	free(image);
	probes = (struct sonde_probe_desc *)(buf + poff);
	for (i = 0; i < p->necbs; i++)
		probes[i] = p->ecb_probe[i].desc;
	if (args_size)
		memcpy(buf + aoff, args, args_size);
	h->crc = sonde_crc32(0, buf + sizeof(*h), total - sizeof(*h));
	*file = buf;
	*size = total;
	return 0;
}

/* The probe named @d as the module lists it now, in *@out. */
static int anon_probe(struct sonde_dev *dev, const struct sonde_probe_desc *d,
		      struct sonde_probe_info *out)
{
	struct sonde_probe_info *list = NULL;
	uint32_t n = 0, k;
	int ret;

	ret = sonde_dev_probes(dev, d, &list, &n);
	if (ret)
		return ret;
	ret = -ENOENT;
	for (k = 0; k < n; k++) {
		const struct sonde_probe_desc *e = &list[k].desc;

		if (!strcmp(e->provider, d->provider) &&
		    !strcmp(e->module, d->module) &&
		    !strcmp(e->function, d->function) &&
		    !strcmp(e->name, d->name)) {
			*out = list[k];
			ret = 0;
			break;
		}
	}
	free(list);
	return ret;
}

int sonde_anon_bind(struct sonde_dev *dev, struct sonde_program *p,
		    const void *file, size_t size, char *err, size_t errlen)
{
	struct sonde_probe_info *eprobe = NULL;
	struct sonde_anon_view v;
	struct sonde_ecb *ecbs = NULL;
	struct sonde_image view;
	struct sonde_vlog log;
	char text[256] = "";
	void *image = NULL;
	size_t isize = 0;
	uint32_t i;
	int ret;

	memset(&log, 0, sizeof(log));
	log.buf = text;
	log.size = sizeof(text);
	ret = sonde_anon_parse(file, size, &v, &log);
	if (!ret)
		ret = sonde_image_verify(v.prog, v.prog_size, &view, &log);
	if (ret) {
		text[strcspn(text, "\n")] = '\0';
		sonde_errf(err, errlen, "%s", text);
		return ret;
	}
	ecbs = calloc(view.necbs ? view.necbs : 1, sizeof(*ecbs));
	eprobe = calloc(view.necbs ? view.necbs : 1, sizeof(*eprobe));
	if (!ecbs || !eprobe) {
		ret = -ENOMEM;
		goto out_free;
	}
	memcpy(ecbs, view.ecbs, view.necbs * sizeof(*ecbs));
	ret = anon_image(p, ecbs, view.necbs, &image, &isize);
	if (ret)
		goto out_free;
	if (isize != v.prog_size || memcmp(image, v.prog, isize)) {
		sonde_errf(err, errlen, "the program this sonde compiles from the saved script is not the one the module runs (was sonde changed since sonde -A?)");
		ret = -EINVAL;
		goto out_free;
	}
	for (i = 0; i < view.necbs; i++) {
		const struct sonde_probe_desc *d;

		if (!ecbs[i].probe_id || ecbs[i].probe_id > v.nprobes) {
			sonde_errf(err, errlen, "enabling %u names probe %u of the file's %u",
				   i, ecbs[i].probe_id, v.nprobes);
			ret = -EINVAL;
			goto out_free;
		}
		d = &v.probes[ecbs[i].probe_id - 1];
		ret = anon_probe(dev, d, &eprobe[i]);
		if (ret) {
			sonde_errf(err, errlen, "probe %s:%s:%s:%s of the anonymous enabling: %s",
				   d->provider, d->module, d->function, d->name,
				   sonde_strerror(ret));
			goto out_free;
		}
		ecbs[i].probe_id = eprobe[i].id;
	}
	free(p->ecbs);
	free(p->ecb_probe);
	p->ecbs = ecbs;
	p->ecb_probe = eprobe;
	p->necbs = view.necbs;
	free(image);
	return 0;

out_free:
	free(image);
	free(ecbs);
	free(eprobe);
	return ret;
}
