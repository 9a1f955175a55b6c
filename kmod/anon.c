// SPDX-License-Identifier: GPL-2.0
/*
 * anon.c - anonymous (boot-time) tracing: at module load, the enabling
 * `sonde -A` saved (uapi/sonde.h, struct sonde_anon_hdr) is read from a
 * file, checked, loaded and started with no consumer; SONDE_IOC_ANON
 * hands it to the first consumer that claims it (`sonde -a`).
 *
 * The file is untrusted input, like any LOAD: sonde_anon_parse() (vm/)
 * checks its frame, and the program image in it goes through
 * sonde_state_load_kernel(), which is LOAD after its copy: the same
 * verifier, probe, lockdown and memory checks.  A file that fails any of
 * them is named in the kernel log with the reason, and the module loads
 * without anonymous state.
 *
 * The file is read with kernel_read_file_from_path_initns() (exported
 * GPL on 6.1 and 6.12): a path in the initial mount namespace, read as
 * the firmware loader reads a blob a driver asks for, and said to the
 * LSMs as one (READING_FIRMWARE: IMA's FIRMWARE_CHECK rules, LoadPin's
 * pinned root, IPE's firmware operation apply; READING_UNKNOWN makes
 * 6.12's IPE warn).  Lockdown has no rule for the read itself: the
 * program in the file meets lockdown's rules at LOAD and GO as any other.
 *
 * Process context: module init (sonde_anon_init()), the ioctl, release
 * and module exit.  sonde_anon_mutex guards the state waiting for its
 * claimant and the claimant's identity.
 */
#include <linux/fs.h>
#include <linux/kernel_read_file.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "sonde_kmod.h"

static bool anonymous = true;
module_param(anonymous, bool, 0444);
MODULE_PARM_DESC(anonymous,
		 "start the anonymous enabling sonde -A saved, at load (default 1)");

static char *anonymous_path = SONDE_ANON_PATH;
module_param(anonymous_path, charp, 0444);
MODULE_PARM_DESC(anonymous_path,
		 "the anonymous enabling's file (default " SONDE_ANON_PATH ")");

static DEFINE_MUTEX(sonde_anon_mutex);
/* the enabling started at load, until claimed */
static struct sonde_state *sonde_anon;
/* the state a consumer claimed, while its file is open */
static struct sonde_state *sonde_anon_claimed;

/* The verifier's and the checks' line, for the kernel log. */
#define SONDE_ANON_LOG	512

/*
 * The image of @v with each enabling's probe index made the id of the
 * probe named there (kvmalloc'd, in *@out), those probes made or held
 * for @st.  0, or -errno with the reason in @log.
 */
static int sonde_anon_bind(struct sonde_state *st,
			   const struct sonde_anon_view *v, void **out,
			   struct sonde_vlog *log)
{
	struct sonde_image *view;
	struct sonde_ecb *ecbs;
	void *image;
	u32 i, idx, id;
	int err;

	view = kmalloc(sizeof(*view), GFP_KERNEL);
	image = kvmalloc(v->prog_size, GFP_KERNEL);
	if (!view || !image) {
		err = -ENOMEM;
		goto out_free;
	}
	memcpy(image, v->prog, v->prog_size);
	/* to find the enablings; LOAD verifies the bound image again */
	err = sonde_image_verify(image, v->prog_size, view, log);
	if (err)
		goto out_free;
	ecbs = (struct sonde_ecb *)view->ecbs;
	for (i = 0; i < view->necbs; i++) {
		idx = ecbs[i].probe_id;
		if (!idx || idx > v->nprobes) {
			sonde_vlog(log, "enabling %u: probe %u of the file's %u\n",
				   i, idx, v->nprobes);
			err = -EINVAL;
			goto out_free;
		}
		id = sonde_probe_find(st, &v->probes[idx - 1]);
		if (!id) {
			const struct sonde_probe_desc *d = &v->probes[idx - 1];

			sonde_vlog(log, "enabling %u: no probe %s:%s:%s:%s\n",
				   i, d->provider, d->module, d->function,
				   d->name);
			err = -ENOENT;
			goto out_free;
		}
		ecbs[i].probe_id = id;
	}
	kfree(view);
	*out = image;
	return 0;

out_free:
	kvfree(image);
	kfree(view);
	return err;
}

/* Load and start the enabling of @file (@size bytes, kvmalloc'd: the
 * state keeps it); 0 or -errno with the reason in @log. */
static int sonde_anon_start(struct sonde_state *st, void *file, size_t size,
			    struct sonde_vlog *log)
{
	struct sonde_anon_view v;
	struct sonde_go go = { };
	void *image = NULL;
	int err;

	err = sonde_anon_parse(file, size, &v, log);
	if (err)
		return err;
	st->anon_file = file;
	st->anon_size = size;
	st->anon_waiting = true;
	err = sonde_anon_bind(st, &v, &image, log);
	if (err)
		return err;
	mutex_lock(&st->lock);
	err = sonde_state_load_kernel(st, image, v.prog_size, log);
	if (!err) {
		err = sonde_state_go(st, &go);
		if (err)
			sonde_vlog(log, "cannot arm its probes (see above)\n");
	}
	mutex_unlock(&st->lock);
	if (err)
		return err;
	st->anon_begin_cpu = go.begin_cpu;
	st->anon_loaded_ns = ktime_get_ns();
	return 0;
}

/**
 * sonde_anon_init() - start the saved anonymous enabling, if any
 *
 * Called last in module init.  No file is no anonymous state, silently;
 * any other failure is one line in the kernel log naming the file and
 * the reason, and the module goes on loading without it.
 *
 * Context: process context (module init), may sleep.
 */
void sonde_anon_init(void)
{
	struct sonde_vlog log = { };
	struct sonde_state *st;
	size_t size = 0;
	void *file = NULL;
	ssize_t n;
	int err;

	if (!anonymous || !anonymous_path || !anonymous_path[0])
		return;
	n = kernel_read_file_from_path_initns(anonymous_path, 0, &file,
					      SONDE_ANON_MAX_SIZE, &size,
					      READING_FIRMWARE);
	if (n == -ENOENT)
		return;
	if (n == -EFBIG) {
		pr_err("sonde: anonymous enabling %s: file over the limit of %u bytes: not started\n",
		       anonymous_path, (u32)SONDE_ANON_MAX_SIZE);
		return;
	}
	if (n < 0) {
		pr_err("sonde: anonymous enabling %s: cannot read it (error %zd): not started\n",
		       anonymous_path, n);
		return;
	}
	log.buf = kzalloc(SONDE_ANON_LOG, GFP_KERNEL);
	log.size = log.buf ? SONDE_ANON_LOG : 0;
	st = sonde_state_create();
	if (IS_ERR(st)) {
		vfree(file);
		err = PTR_ERR(st);
		goto out_log;
	}
	st->owner = 0;
	/* kernel_read_file() vmalloc()s: kvfree() frees it with the state */
	err = sonde_anon_start(st, file, n, &log);
	if (err) {
		if (!st->anon_file)
			vfree(file);
		sonde_state_destroy(st);
		goto out_log;
	}
	mutex_lock(&sonde_anon_mutex);
	sonde_anon = st;
	mutex_unlock(&sonde_anon_mutex);
	pr_info("sonde: anonymous enabling %s started: %u enabling%s, BEGIN on CPU %u\n",
		anonymous_path, st->necbs, st->necbs == 1 ? "" : "s",
		st->anon_begin_cpu);
out_log:
	if (err) {
		if (log.buf && log.needed > 1)
			strim(log.buf);
		pr_err("sonde: anonymous enabling %s not started: %s (error %d)\n",
		       anonymous_path, log.buf && log.buf[0] ? log.buf :
		       "no memory", err);
	}
	kfree(log.buf);
}

/**
 * sonde_anon_exit() - tear down an anonymous enabling nobody claimed
 *
 * A claimed one is its file's: the module cannot unload while it is open.
 *
 * Context: process context (module exit), may sleep.
 */
void sonde_anon_exit(void)
{
	struct sonde_state *st;

	mutex_lock(&sonde_anon_mutex);
	st = sonde_anon;
	sonde_anon = NULL;
	mutex_unlock(&sonde_anon_mutex);
	if (st)
		sonde_state_destroy(st);
}

/**
 * sonde_anon_release() - a state is being destroyed: forget it as the
 * claimed anonymous state, and free the claimant's own empty state
 * @st: the state, from sonde_state_destroy()
 *
 * Context: process context, may sleep.
 */
void sonde_anon_release(struct sonde_state *st)
{
	if (!st->anon_file)
		return;
	mutex_lock(&sonde_anon_mutex);
	if (sonde_anon_claimed == st)
		sonde_anon_claimed = NULL;
	mutex_unlock(&sonde_anon_mutex);
	if (st->anon_prev)
		sonde_state_destroy(st->anon_prev);
	kvfree(st->anon_file);
}

/* Copy the claimed state's file out, when the caller's buffer holds it. */
static int sonde_anon_copy(struct sonde_state *st, struct sonde_anon *req)
{
	u32 room = req->file_size;

	req->file_size = st->anon_size;
	req->begin_cpu = st->anon_begin_cpu;
	req->loaded_ns = st->anon_loaded_ns;
	req->bufsize = st->img.opt[SONDE_OPT_bufsize];
	req->aggsize = st->img.naggs ? st->img.opt[SONDE_OPT_aggsize] : 0;
	if (!req->file || room < st->anon_size)
		return 0;
	if (copy_to_user(u64_to_user_ptr(req->file), st->anon_file,
			 st->anon_size))
		return -EFAULT;
	return 0;
}

/**
 * sonde_anon_claim() - SONDE_IOC_ANON: make the anonymous state @file's
 * @file: the claimant's open /dev/sonde
 * @req: the buffer for the enabling's file in; its size, BEGIN's CPU and
 *       the load time out
 *
 * The file's own state, which has loaded nothing, is kept beside the
 * claimed one (ioctls in flight may hold it) and freed with it.
 *
 * Context: process context, may sleep; takes sonde_anon_mutex and the
 * states' locks.
 * Return: 0, -EINVAL, -ENOENT (no anonymous state), -EBUSY (claimed by
 * another open file, or this file has a program), -EFAULT.
 */
int sonde_anon_claim(struct file *file, struct sonde_anon *req)
{
	struct sonde_state *own = READ_ONCE(file->private_data);
	struct sonde_state *st;
	int err = 0;

	if (req->flags || req->reserved0 ||
	    memchr_inv(req->reserved, 0, sizeof(req->reserved)))
		return -EINVAL;
	mutex_lock(&sonde_anon_mutex);
	if (own->anon_file && own == sonde_anon_claimed) {
		/* the claimant again: the file once more */
		st = own;
		goto out_copy;
	}
	st = sonde_anon;
	if (!st) {
		err = sonde_anon_claimed ? -EBUSY : -ENOENT;
		goto out_unlock;
	}
	mutex_lock(&own->lock);
	if (own->activity != SONDE_ACT_INACTIVE || own->image ||
	    own->anon_prev) {
		mutex_unlock(&own->lock);
		err = -EBUSY;
		goto out_unlock;
	}
	mutex_unlock(&own->lock);
	mutex_lock(&st->lock);
	st->anon_prev = own;
	st->owner = task_tgid_nr(current);
	WRITE_ONCE(st->alive, jiffies);
	WRITE_ONCE(st->anon_waiting, false);
	mutex_unlock(&st->lock);
	sonde_anon = NULL;
	sonde_anon_claimed = st;
	WRITE_ONCE(file->private_data, st);
	pr_info("sonde: anonymous enabling claimed by pid %d\n", st->owner);
out_copy:
	mutex_lock(&st->lock);
	err = sonde_anon_copy(st, req);
	mutex_unlock(&st->lock);
out_unlock:
	mutex_unlock(&sonde_anon_mutex);
	return err;
}
