// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - module init/exit, the /dev/sonde misc device and the ioctl
 * dispatch.  One static function per ioctl: copy the argument in (any
 * size the caller knows, see uapi/sonde.h), do the work, copy out.
 *
 * Process context only.  Every open and every ioctl requires
 * CAP_SYS_ADMIN; the node is 0600.
 *
 * The device has a fixed misc minor (SONDE_MINOR, from the range
 * Documentation/admin-guide/devices.txt reserves for local use) and the
 * aliases char-major-10-<minor> and devname:sonde, as /dev/fuse has: at
 * boot kmod's static-nodes creates /dev/sonde from modules.devname, and
 * the first open() of it loads the module.  If another driver holds the
 * minor the device falls back to a dynamic one (loading on demand is
 * then lost, saying so).
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "sonde_kmod.h"

#ifndef SONDE_VERSION
#error "SONDE_VERSION comes from the top-level VERSION file (Kbuild)"
#endif
#define SONDE_MINOR	246

DEFINE_MUTEX(sonde_lock);

static int sonde_open(struct inode *inode, struct file *file)
{
	struct sonde_state *st;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	st = sonde_state_create();
	if (IS_ERR(st))
		return PTR_ERR(st);
	file->private_data = st;
	return 0;
}

/* The last reference is gone (close, exit, kill -9): tear everything down. */
static int sonde_release(struct inode *inode, struct file *file)
{
	sonde_state_destroy(file->private_data);
	return 0;
}

static int sonde_ioc_info(struct sonde_state *st, void *arg)
{
	struct sonde_info *info = arg;

	memset(info, 0, sizeof(*info));
	info->abi_version = SONDE_ABI_VERSION;
	info->nr_cpus = nr_cpu_ids;
	info->nr_probes = sonde_probe_count();
	info->nregs = SONDE_NREGS;
	info->max_insns = SONDE_MAX_INSNS;
	info->max_prog_size = SONDE_MAX_PROG_SIZE;
	info->max_clauses = SONDE_MAX_CLAUSES;
	info->max_ecbs = SONDE_MAX_ECBS;
	info->max_aggs = SONDE_MAX_AGGS;
	info->max_recsize = SONDE_MAX_RECSIZE;
	info->max_probe_ecbs = SONDE_MAX_PROBE_ECBS;
	info->firing_budget = SONDE_FIRING_BUDGET;
	info->fbt_gen = sonde_fbt_generation();
	strscpy(info->version, SONDE_VERSION, sizeof(info->version));
	return 0;
}

static int sonde_ioc_probes(struct sonde_state *st, void *arg)
{
	struct sonde_probes *req = arg;

	if (req->flags || req->offered)
		return -EINVAL;
	return sonde_probe_list(st, req);
}

static int sonde_ioc_load(struct sonde_state *st, void *arg)
{
	struct sonde_load *req = arg;

	if (memchr_inv(req->reserved, 0, sizeof(req->reserved)))
		return -EINVAL;
	return sonde_state_load(st, req);
}

static int sonde_ioc_go(struct sonde_state *st, void *arg)
{
	return sonde_state_go(st, arg);
}

static int sonde_ioc_stop(struct sonde_state *st, void *arg)
{
	return sonde_state_stop(st, arg);
}

static int sonde_ioc_drain(struct sonde_state *st, void *arg)
{
	return sonde_state_drain(st, arg, false);
}

static int sonde_ioc_aggsnap(struct sonde_state *st, void *arg)
{
	return sonde_state_drain(st, arg, true);
}

static int sonde_ioc_status(struct sonde_state *st, void *arg)
{
	return sonde_state_status(st, arg);
}

static int sonde_ioc_testrun(struct sonde_state *st, void *arg)
{
	return sonde_state_testrun(st, arg);
}

static int sonde_ioc_uprobe(struct sonde_state *st, void *arg)
{
	return sonde_uprobe_create(st, arg);
}

static int sonde_ioc_jhelper(struct sonde_state *st, void *arg)
{
	return sonde_jhelper_add(st, arg);
}

static int sonde_ioc_utab(struct sonde_state *st, void *arg)
{
	return sonde_utab_set(st, arg);
}

static int sonde_ioc_enable(struct sonde_state *st, void *arg)
{
	return sonde_state_enable(st, arg);
}

static int sonde_ioc_rdv(struct sonde_state *st, void *arg)
{
	return sonde_rdv_ioctl(st, arg);
}

static int sonde_ioc_offer(struct sonde_state *st, void *arg)
{
	return sonde_probe_offer(arg);
}

/*
 * One row an ioctl: @fn runs under the file's state lock; @ffn, for the
 * ioctl that changes which state the file has (SONDE_IOC_ANON), gets the
 * file and takes the locks itself.
 */
struct sonde_ioc {
	unsigned int cmd;
	u32 size;
	int (*fn)(struct sonde_state *st, void *arg);
	int (*ffn)(struct file *file, void *arg);
};

#define SONDE_IOC(c, type, f) [_IOC_NR(c)] = { c, sizeof(type), f, NULL }
#define SONDE_IOC_FILE(c, type, f) [_IOC_NR(c)] = { c, sizeof(type), NULL, f }

static int sonde_ioc_anon(struct file *file, void *arg)
{
	return sonde_anon_claim(file, arg);
}
static const struct sonde_ioc sonde_iocs[] = {
	SONDE_IOC(SONDE_IOC_INFO, struct sonde_info, sonde_ioc_info),
	SONDE_IOC(SONDE_IOC_PROBES, struct sonde_probes, sonde_ioc_probes),
	SONDE_IOC(SONDE_IOC_LOAD, struct sonde_load, sonde_ioc_load),
	SONDE_IOC(SONDE_IOC_GO, struct sonde_go, sonde_ioc_go),
	SONDE_IOC(SONDE_IOC_STOP, struct sonde_stop, sonde_ioc_stop),
	SONDE_IOC(SONDE_IOC_DRAIN, struct sonde_drain, sonde_ioc_drain),
	SONDE_IOC(SONDE_IOC_AGGSNAP, struct sonde_drain, sonde_ioc_aggsnap),
	SONDE_IOC(SONDE_IOC_STATUS, struct sonde_status, sonde_ioc_status),
	SONDE_IOC(SONDE_IOC_TESTRUN, struct sonde_testrun, sonde_ioc_testrun),
	SONDE_IOC(SONDE_IOC_UPROBE, struct sonde_uprobe, sonde_ioc_uprobe),
	SONDE_IOC(SONDE_IOC_JHELPER, struct sonde_jhelper, sonde_ioc_jhelper),
	SONDE_IOC(SONDE_IOC_OFFER, struct sonde_offer, sonde_ioc_offer),
	SONDE_IOC(SONDE_IOC_UTAB, struct sonde_utab, sonde_ioc_utab),
	SONDE_IOC(SONDE_IOC_ENABLE, struct sonde_enable, sonde_ioc_enable),
	SONDE_IOC(SONDE_IOC_RDV, struct sonde_rdv, sonde_ioc_rdv),
	SONDE_IOC_FILE(SONDE_IOC_ANON, struct sonde_anon, sonde_ioc_anon),
};

/* The largest ioctl argument; bigger ones from newer callers are cut. */
#define SONDE_IOC_MAXSIZE	1024

static long sonde_ioctl(struct file *file, unsigned int cmd,
			unsigned long uarg)
{
	struct sonde_state *st = READ_ONCE(file->private_data);
	void __user *up = (void __user *)uarg;
	const struct sonde_ioc *ioc;
	u8 kbuf[SONDE_IOC_MAXSIZE] __aligned(8);
	u32 usize = _IOC_SIZE(cmd);
	int ret;

	BUILD_BUG_ON(sizeof(struct sonde_probes) > SONDE_IOC_MAXSIZE);
	BUILD_BUG_ON(sizeof(struct sonde_info) > SONDE_IOC_MAXSIZE);
	BUILD_BUG_ON(sizeof(struct sonde_uprobe) > SONDE_IOC_MAXSIZE);
	BUILD_BUG_ON(sizeof(struct sonde_jhelper) > SONDE_IOC_MAXSIZE);
	BUILD_BUG_ON(sizeof(struct sonde_offer) > SONDE_IOC_MAXSIZE);
	BUILD_BUG_ON(sizeof(struct sonde_utab) > SONDE_IOC_MAXSIZE);
	BUILD_BUG_ON(sizeof(struct sonde_anon) > SONDE_IOC_MAXSIZE);

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (_IOC_TYPE(cmd) != SONDE_IOC_MAGIC ||
	    _IOC_NR(cmd) >= ARRAY_SIZE(sonde_iocs))
		return -ENOTTY;
	ioc = &sonde_iocs[_IOC_NR(cmd)];
	if ((!ioc->fn && !ioc->ffn) || _IOC_DIR(cmd) != _IOC_DIR(ioc->cmd))
		return -ENOTTY;

	memset(kbuf, 0, sizeof(kbuf));
	if (_IOC_DIR(cmd) & _IOC_WRITE) {
		ret = copy_struct_from_user(kbuf, ioc->size, up, usize);
		if (ret)
			return ret;
	}
	if (ioc->ffn) {
		ret = ioc->ffn(file, kbuf);
	} else {
		mutex_lock(&st->lock);
		ret = ioc->fn(st, kbuf);
		mutex_unlock(&st->lock);
	}
	/* out-fields are valid on success, and LOAD's log_true_size always */
	if ((ret == 0 || ioc->fn == sonde_ioc_load) &&
	    (_IOC_DIR(cmd) & _IOC_READ)) {
		if (copy_to_user(up, kbuf, min_t(u32, usize, ioc->size)))
			return -EFAULT;
		if (usize > ioc->size &&
		    clear_user(up + ioc->size, usize - ioc->size))
			return -EFAULT;
	}
	return ret;
}

static const struct file_operations sonde_fops = {
	.owner = THIS_MODULE,
	.open = sonde_open,
	.release = sonde_release,
	.unlocked_ioctl = sonde_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

static struct miscdevice sonde_dev = {
	.minor = SONDE_MINOR,
	.name = "sonde",
	.fops = &sonde_fops,
	.mode = 0600,
};

static int __init sonde_init(void)
{
	int ret;

	sonde_destruct_init();
	sonde_dpath_init();
	sonde_cpuinfo_init();
	/* the other providers make their probes when a listing names them */
	ret = sonde_dtrace_init();
	if (!ret)
		ret = sonde_profile_init();
	if (!ret)
		ret = sonde_fbt_init();
	if (ret)
		goto out_probes;
	ret = misc_register(&sonde_dev);
	if (ret == -EBUSY) {
		pr_warn("sonde: misc minor %d is taken; /dev/sonde gets a dynamic minor and cannot load sonde on demand\n",
			SONDE_MINOR);
		sonde_dev.minor = MISC_DYNAMIC_MINOR;
		ret = misc_register(&sonde_dev);
	}
	if (ret)
		goto out_syscall;
	pr_info("sonde: version %s, ABI %u, %u probes\n", SONDE_VERSION,
		SONDE_ABI_VERSION, sonde_probe_count());
	/* last: the device is there for its claimant */
	sonde_anon_init();
	return 0;

out_syscall:
	sonde_syscall_exit();
out_probes:
	sonde_fbt_exit();
	sonde_tracepoint_exit();
	sonde_probes_destroy();
	sonde_destruct_exit();
	return ret;
}

static void __exit sonde_exit(void)
{
	/* no open file remains: the module is pinned while one is open */
	misc_deregister(&sonde_dev);
	sonde_anon_exit();
	sonde_syscall_exit();
	sonde_fbt_exit();
	sonde_tracepoint_exit();
	sonde_probes_destroy();
	sonde_destruct_exit();
}

module_init(sonde_init);
module_exit(sonde_exit);
MODULE_LICENSE("GPL");
MODULE_AUTHOR("The sonde developers");
MODULE_DESCRIPTION("sonde: DTrace-class dynamic tracing");
MODULE_VERSION(SONDE_VERSION);
MODULE_ALIAS_MISCDEV(SONDE_MINOR);
MODULE_ALIAS("devname:sonde");
