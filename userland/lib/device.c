// SPDX-License-Identifier: GPL-2.0
/*
 * device.c - /dev/sonde: open with the version handshake, one thin
 * wrapper per ioctl (the only code in userland that makes one), and the
 * library's error texts.  Each wrapper returns 0 or -errno (errno set
 * too) and never prints.  struct sonde_dev (dev_impl.h) is opaque outside
 * libsonde.  Called from the consumer's thread only.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "dev_impl.h"

static int sonde_ioctl(struct sonde_dev *dev, unsigned long cmd, void *arg)
{
	int ret;

	do {
		ret = ioctl(dev->fd, cmd, arg);
	} while (ret < 0 && errno == EINTR);
	return ret < 0 ? -errno : 0;
}

const char *sonde_strerror(int err)
{
	if (err < 0)
		err = -err;
	switch (err) {
	case EPROTO:
		return "module ABI version mismatch";
	case ENOTTY:
		return "not a sonde device (unknown ioctl)";
	default:
		return strerror(err);
	}
}

void sonde_errf(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

int sonde_dev_info(struct sonde_dev *dev, struct sonde_info *info)
{
	memset(info, 0, sizeof(*info));
	return sonde_ioctl(dev, SONDE_IOC_INFO, info);
}

struct sonde_dev *sonde_dev_open(const char *path, uint32_t *abi)
{
	struct sonde_dev *dev;
	int err;

	dev = calloc(1, sizeof(*dev));
	if (!dev)
		return NULL;
	dev->fd = open(path ? path : SONDE_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	if (dev->fd < 0)
		goto out_free;
	err = sonde_dev_info(dev, &dev->info);
	if (err) {
		errno = -err;
		goto out_close;
	}
	if (abi)
		*abi = dev->info.abi_version;
	if (dev->info.abi_version != SONDE_ABI_VERSION) {
		errno = EPROTO;
		goto out_close;
	}
	dev->info.version[sizeof(dev->info.version) - 1] = '\0';
	return dev;

out_close:
	err = errno;
	close(dev->fd);
	errno = err;
out_free:
	err = errno;
	free(dev);
	errno = err;
	return NULL;
}

void sonde_dev_close(struct sonde_dev *dev)
{
	if (!dev)
		return;
	if (dev->fd >= 0)
		close(dev->fd);
	while (dev->nuobjs)
		sonde_uobjset_free(&dev->uobjs[--dev->nuobjs].set);
	free(dev->uobjs);
	free(dev);
}

void sonde_dev_set_warn(struct sonde_dev *dev,
			void (*warn)(void *arg, const char *msg), void *arg)
{
	dev->warn = warn;
	dev->warn_arg = arg;
}

void sonde_dev_warn(struct sonde_dev *dev, const char *msg)
{
	if (dev->warn)
		dev->warn(dev->warn_arg, msg);
}

const char *sonde_dev_errmsg(const struct sonde_dev *dev)
{
	return dev->errmsg;
}

int sonde_dev_probes(struct sonde_dev *dev, const struct sonde_probe_desc *desc,
		     struct sonde_probe_info **out, uint32_t *n)
{
	uint32_t offered;

	return sonde_dev_probes_offered(dev, desc, out, n, &offered);
}

/*
 * A listing walks the probe table from its start_id to the end, counting
 * every match (@total) past the ones it copies: paging through 80,000 fbt
 * probes 4096 at a time walked the table twenty times.  The first call
 * says how many match, so the second asks for all the rest at once; a
 * third is needed only if probes were made in between.
 */
int sonde_dev_probes_offered(struct sonde_dev *dev,
			     const struct sonde_probe_desc *desc,
			     struct sonde_probe_info **out, uint32_t *n,
			     uint32_t *offered)
{
	struct sonde_probe_info *all = NULL, *tmp;
	uint32_t nall = 0, cap = 0, start = 0, want = 4096;
	struct sonde_probes req;
	int err;

	*out = NULL;
	*n = 0;
	*offered = 0;
	for (;;) {
		if (cap - nall < want) {
			tmp = realloc(all, (size_t)(nall + want) * sizeof(*all));
			if (!tmp) {
				free(all);
				return -ENOMEM;
			}
			all = tmp;
			cap = nall + want;
		}
		memset(&req, 0, sizeof(req));
		req.desc = *desc;
		req.buf = (uint64_t)(uintptr_t)(all + nall);
		req.buf_count = cap - nall;
		req.start_id = start;
		err = sonde_ioctl(dev, SONDE_IOC_PROBES, &req);
		if (err) {
			free(all);
			errno = -err;
			return err;
		}
		if (req.count > cap - nall || req.count > req.total) {
			free(all);
			return -EFAULT;
		}
		nall += req.count;
		if (!start)
			*offered = req.offered;	/* the first call's */
		if (req.count < req.buf_count || req.count == req.total ||
		    req.count == 0)
			break;
		start = all[nall - 1].id + 1;
		want = req.total - req.count;
	}
	if (!nall) {
		free(all);
		all = NULL;
	}
	*out = all;
	*n = nall;
	return 0;
}

int sonde_dev_probes_count(struct sonde_dev *dev,
			   const struct sonde_probe_desc *desc, uint32_t *n,
			   uint32_t *offered)
{
	struct sonde_probes req;
	int err;

	memset(&req, 0, sizeof(req));
	req.desc = *desc;
	err = sonde_ioctl(dev, SONDE_IOC_PROBES, &req);
	*n = err ? 0 : req.total;
	*offered = err ? 0 : req.offered;
	if (err)
		errno = -err;
	return err;
}

int sonde_dev_offer(struct sonde_dev *dev, const struct sonde_offer_ent *ents,
		    uint32_t n, struct sonde_offer *res)
{
	memset(res, 0, sizeof(*res));
	res->ents = (uint64_t)(uintptr_t)ents;
	res->count = n;
	return sonde_ioctl(dev, SONDE_IOC_OFFER, res);
}

int sonde_dev_load(struct sonde_dev *dev, const void *image, size_t size,
		   char **log)
{
	uint32_t log_size = 64 << 10;
	struct sonde_load req;
	char *buf = NULL, *tmp;
	int err, tries;

	if (log)
		*log = NULL;
	for (tries = 0; tries < 3; tries++) {
		tmp = realloc(buf, log_size);
		if (!tmp) {
			free(buf);
			return -ENOMEM;
		}
		buf = tmp;
		buf[0] = '\0';
		memset(&req, 0, sizeof(req));
		req.prog = (uint64_t)(uintptr_t)image;
		req.prog_size = (uint32_t)size;
		req.log_level = 1;
		req.log_buf = (uint64_t)(uintptr_t)buf;
		req.log_size = log_size;
		err = sonde_ioctl(dev, SONDE_IOC_LOAD, &req);
		if (err != -ENOSPC || req.log_true_size <= log_size ||
		    req.log_true_size > SONDE_MAX_LOG)
			break;
		log_size = req.log_true_size;
	}
	if (!err) {
		dev->bufsize = req.bufsize;
		dev->aggsize = req.aggsize;
		free(buf);
		return 0;
	}
	buf[log_size - 1] = '\0';
	if (log && buf[0])
		*log = buf;
	else
		free(buf);
	errno = -err;
	return err;
}

int sonde_dev_go(struct sonde_dev *dev, uint32_t *begin_cpu)
{
	struct sonde_go req;
	int err;

	if (dev->anon_claimed) {
		/* the anonymous state went at module load: its BEGIN */
		dev->anon_claimed = false;
		if (begin_cpu)
			*begin_cpu = dev->anon_begin_cpu;
		return 0;
	}
	memset(&req, 0, sizeof(req));
	err = sonde_ioctl(dev, SONDE_IOC_GO, &req);
	if (!err && begin_cpu)
		*begin_cpu = req.begin_cpu;
	return err;
}

int sonde_dev_anon_claim(struct sonde_dev *dev, void **file, size_t *size)
{
	struct sonde_anon req;
	void *buf;
	int err;

	*file = NULL;
	*size = 0;
	memset(&req, 0, sizeof(req));
	err = sonde_ioctl(dev, SONDE_IOC_ANON, &req);
	if (err)
		return err;
	/* claimed: the file's size is known, and asking again copies it */
	buf = malloc(req.file_size ? req.file_size : 1);
	if (!buf)
		return -ENOMEM;
	req.file = (uint64_t)(uintptr_t)buf;
	err = sonde_ioctl(dev, SONDE_IOC_ANON, &req);
	if (err) {
		free(buf);
		return err;
	}
	dev->bufsize = req.bufsize;
	dev->aggsize = req.aggsize;
	dev->anon_claimed = true;
	dev->anon_begin_cpu = req.begin_cpu;
	*file = buf;
	*size = req.file_size;
	return 0;
}

int sonde_dev_stop(struct sonde_dev *dev, uint32_t *end_cpu)
{
	struct sonde_stop req;
	int err;

	memset(&req, 0, sizeof(req));
	err = sonde_ioctl(dev, SONDE_IOC_STOP, &req);
	if (!err && end_cpu)
		*end_cpu = req.end_cpu;
	return err;
}

static int sonde_dev_snap(struct sonde_dev *dev, unsigned long cmd,
			  uint32_t cpu, void *buf, uint64_t size,
			  struct sonde_drain *d)
{
	memset(d, 0, sizeof(*d));
	d->cpu = cpu;
	d->buf = (uint64_t)(uintptr_t)buf;
	d->buf_size = size;
	return sonde_ioctl(dev, cmd, d);
}

int sonde_dev_drain(struct sonde_dev *dev, uint32_t cpu, void *buf,
		    uint64_t size, struct sonde_drain *d)
{
	return sonde_dev_snap(dev, SONDE_IOC_DRAIN, cpu, buf, size, d);
}

int sonde_dev_aggsnap(struct sonde_dev *dev, uint32_t cpu, void *buf,
		      uint64_t size, struct sonde_drain *d)
{
	return sonde_dev_snap(dev, SONDE_IOC_AGGSNAP, cpu, buf, size, d);
}

int sonde_dev_jhelper(struct sonde_dev *dev, struct sonde_jhelper *h)
{
	return sonde_ioctl(dev, SONDE_IOC_JHELPER, h);
}

int sonde_dev_utab(struct sonde_dev *dev, struct sonde_utab *u)
{
	return sonde_ioctl(dev, SONDE_IOC_UTAB, u);
}

int sonde_dev_testrun(struct sonde_dev *dev, struct sonde_testrun *t)
{
	return sonde_ioctl(dev, SONDE_IOC_TESTRUN, t);
}

int sonde_dev_uprobe(struct sonde_dev *dev, struct sonde_uprobe *req)
{
	return sonde_ioctl(dev, SONDE_IOC_UPROBE, req);
}

int sonde_dev_enable(struct sonde_dev *dev, struct sonde_enable *req)
{
	return sonde_ioctl(dev, SONDE_IOC_ENABLE, req);
}

int sonde_dev_rdv(struct sonde_dev *dev, struct sonde_rdv *req)
{
	return sonde_ioctl(dev, SONDE_IOC_RDV, req);
}

int sonde_dev_status(struct sonde_dev *dev, struct sonde_status *st)
{
	memset(st, 0, sizeof(*st));
	return sonde_ioctl(dev, SONDE_IOC_STATUS, st);
}
