// SPDX-License-Identifier: GPL-2.0
/*
 * prov_fbt.c - the fbt provider: fbt:<module>:<function>:entry and
 * :return for every traceable kernel function; <module> is "vmlinux" or
 * the module's name.
 *
 * Probes are created on demand by provide() from tracefs's
 * available_filter_functions (the functions with an ftrace site, read
 * through compat.h: no kallsyms export is needed), minus the kprobe
 * blacklist (debugfs kprobes/blacklist, when readable) and minus
 * sonde's own firing path (sonde_fbt_deny[]).  Arming registers a kprobe
 * by symbol name (kprobes resolve it and, on an ftrace site, ride the
 * fentry nop: KPROBE_FLAG_FTRACE) or a kretprobe; a refused function
 * (blacklisted, gone) fails GO with register_kprobe()'s errno and a
 * kernel log line naming the probe.
 *
 * entry: arg0..arg5 are the first six arguments (di, si, dx, cx, r8, r9).
 * return: arg0 is 0 (DTrace's return offset is not cheaply known from a
 * kretprobe), arg1 the return value (ax).
 *
 * Disarming only disables the kprobe (no RCU grace period per probe);
 * disabled kprobes are unregistered in one batch (unregister_kprobes(),
 * one synchronize_rcu() for all) by a reaper a second later and at
 * module exit, so detaching hundreds of functions costs one grace
 * period, not hundreds.  A disabled, not yet reaped probe that is armed
 * again is just re-enabled.
 *
 * Handlers are probe context (kprobe handlers: preemption off) and only
 * call sonde_probe_fire().  Everything else runs under sonde_lock.
 */
#include <linux/hashtable.h>
#include <linux/jhash.h>
#include <linux/kprobes.h>
#include <linux/slab.h>
#include <linux/bsearch.h>
#include <linux/sort.h>
#include <linux/workqueue.h>

#include "sonde_kmod.h"
#include "compat.h"

#define SONDE_FBT_MAX_PROBES	100000
#define SONDE_FBT_RETURN	1UL

/* One armed (or disabled, awaiting the reaper) kprobe or kretprobe. */
struct sonde_fbt_site {
	struct kretprobe rp;		/* entry probes use rp.kp only */
	struct sonde_probe *probe;
	struct list_head rlink;		/* on sonde_fbt_reap when disabled */
	char symbol[SONDE_MODNAMELEN + SONDE_FUNCNAMELEN];
	bool ret;
};

/* One function: its two probes and their sites (NULL until armed). */
struct sonde_fbt_fn {
	struct hlist_node hnode;
	const char *mod;
	const char *func;
	struct sonde_fbt_site *site[2];
	u32 refs;			/* probes still pointing here */
	char names[];			/* mod\0func\0 */
};

static DEFINE_HASHTABLE(sonde_fbt_fns, 14);
static u32 sonde_fbt_nprobes;
static LIST_HEAD(sonde_fbt_reap);
static void sonde_fbt_reap_fn(struct work_struct *w);
static DECLARE_DELAYED_WORK(sonde_fbt_reaper, sonde_fbt_reap_fn);

/*
 * Functions sonde's firing path calls (kmod/ and vm/ sources and, one level
 * down, what those helpers call in 6.1), by prefix.  A probe there would
 * only ever be dropped as re-entry (or missed by kprobes), so they are
 * not offered.  Kprobes itself refuses NOKPROBE_SYMBOL()s and its own
 * machinery.
 */
static const char *const sonde_fbt_deny[] = {
	"sonde_", "__rcu_read_lock", "__rcu_read_unlock",
	"rcu_read_unlock_special", "ktime_get_mono_fast_ns",
	"ktime_get_real_fast_ns", "copy_from_kernel_nofault",
	"copy_from_user_nofault", "nmi_uaccess_okay", "stack_trace_",
	"arch_stack_walk", "unwind_", "__unwind_start", "orc_", "__orc_",
	"get_stack_info", "in_task_stack", "in_entry_stack",
	"__task_pid_nr_ns", "from_kuid", "from_kgid", "_raw_spin_",
	"_raw_read_", "_raw_write_", "in_lock_functions", "get_random_",
	"kprobe", "__kprobe", "kretprobe", "__kretprobe", "rethook_",
	"arch_rethook", "ftrace_", "__ftrace", "tracepoint_", "__traceiter_",
	"preempt_count_", "trace_hardirqs_", "lockdep_", "lock_acquire",
	"lock_release", "debug_smp_processor_id",
	"check_preemption_disabled", "__sanitizer_cov", "is_module_text_address",
	"__module_address", "__module_text_address", "within_module",
};

static bool sonde_fbt_denied(const char *func)
{
	u32 i;

	for (i = 0; i < ARRAY_SIZE(sonde_fbt_deny); i++)
		if (!strncmp(func, sonde_fbt_deny[i],
			     strlen(sonde_fbt_deny[i])))
			return true;
	/* 6.1 lists removed weak functions under this name */
	return !strncmp(func, "__ftrace_invalid_address__", 26);
}

static u32 sonde_fbt_hash(const char *mod, const char *func)
{
	return jhash(func, strlen(func), jhash(mod, strlen(mod), 0));
}

static struct sonde_fbt_fn *sonde_fbt_lookup(const char *mod,
					     const char *func)
{
	struct sonde_fbt_fn *fn;

	hash_for_each_possible(sonde_fbt_fns, fn, hnode,
			       sonde_fbt_hash(mod, func))
		if (!strcmp(fn->func, func) && !strcmp(fn->mod, mod))
			return fn;
	return NULL;
}

static int sonde_fbt_entry(struct kprobe *kp, struct pt_regs *regs)
{
	struct sonde_fbt_site *s = container_of(kp, struct sonde_fbt_site,
						rp.kp);
	struct sonde_fire f __uninitialized;

	sonde_fire_init(&f, regs);
	f.args[0] = regs->di;
	f.args[1] = regs->si;
	f.args[2] = regs->dx;
	f.args[3] = regs->cx;
	f.args[4] = regs->r8;
	f.args[5] = regs->r9;
	sonde_probe_fire(s->probe, NULL, &f);
	return 0;
}

static int sonde_fbt_return(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	struct sonde_fbt_site *s = container_of(get_kretprobe(ri),
						struct sonde_fbt_site, rp);
	struct sonde_fire f __uninitialized;

	sonde_fire_init(&f, regs);
	f.args[1] = regs_return_value(regs);
	sonde_probe_fire(s->probe, NULL, &f);
	return 0;
}

static struct sonde_fbt_fn *sonde_fbt_fn_of(struct sonde_probe *p, bool *ret)
{
	*ret = p->data & SONDE_FBT_RETURN;
	return (struct sonde_fbt_fn *)(p->data & ~SONDE_FBT_RETURN);
}

static int sonde_fbt_register(struct sonde_fbt_site *s)
{
	struct kretprobe *rp = &s->rp;

	memset(rp, 0, sizeof(*rp));
	rp->kp.symbol_name = s->symbol;
	if (!s->ret) {
		rp->kp.pre_handler = sonde_fbt_entry;
		return register_kprobe(&rp->kp);
	}
	rp->handler = sonde_fbt_return;
	/* functions that sleep (vfs_read) have many calls in flight */
	rp->maxactive = max_t(int, 32, 4 * num_possible_cpus());
	return register_kretprobe(rp);
}

static int sonde_fbt_enable(struct sonde_probe *p)
{
	struct sonde_fbt_site *s;
	struct sonde_fbt_fn *fn;
	bool ret;
	int err;

	fn = sonde_fbt_fn_of(p, &ret);
	s = fn->site[ret];
	if (s) {
		/* disabled, not yet reaped: enable it again */
		list_del_init(&s->rlink);
		err = enable_kprobe(&s->rp.kp);
		if (!err)
			return 0;
		if (ret)
			unregister_kretprobe(&s->rp);
		else
			unregister_kprobe(&s->rp.kp);
		kfree(s);
		fn->site[ret] = NULL;
	}
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->probe = p;
	s->ret = ret;
	INIT_LIST_HEAD(&s->rlink);
	if (strcmp(fn->mod, "vmlinux"))
		snprintf(s->symbol, sizeof(s->symbol), "%s:%s", fn->mod,
			 fn->func);
	else
		strscpy(s->symbol, fn->func, sizeof(s->symbol));
	err = sonde_fbt_register(s);
	if (err) {
		pr_info("sonde: fbt:%s:%s:%s cannot be probed: error %d\n",
			fn->mod, fn->func, p->name, err);
		kfree(s);
		return err;
	}
	fn->site[ret] = s;
	return 0;
}

static void sonde_fbt_disable(struct sonde_probe *p)
{
	struct sonde_fbt_fn *fn;
	struct sonde_fbt_site *s;
	bool ret;

	fn = sonde_fbt_fn_of(p, &ret);
	s = fn->site[ret];
	if (WARN_ON_ONCE(!s))
		return;
	/* handlers may still run: the state code waits (sonde_sync) */
	disable_kprobe(&s->rp.kp);
	list_add_tail(&s->rlink, &sonde_fbt_reap);
	mod_delayed_work(system_wq, &sonde_fbt_reaper, HZ);
}

/* Unregister every disabled site in two batches; sonde_lock held. */
static void sonde_fbt_reap_locked(void)
{
	struct sonde_fbt_site *s, *tmp;
	struct kprobe **kps;
	struct kretprobe **rps;
	u32 n = 0, nk = 0, nr = 0;

	lockdep_assert_held(&sonde_lock);
	list_for_each_entry(s, &sonde_fbt_reap, rlink)
		n++;
	if (!n)
		return;
	kps = kvmalloc_array(n, sizeof(*kps), GFP_KERNEL);
	rps = kvmalloc_array(n, sizeof(*rps), GFP_KERNEL);
	list_for_each_entry(s, &sonde_fbt_reap, rlink) {
		if (!kps || !rps) {
			/* no memory for the batch: one grace period each */
			if (s->ret)
				unregister_kretprobe(&s->rp);
			else
				unregister_kprobe(&s->rp.kp);
		} else if (s->ret) {
			rps[nr++] = &s->rp;
		} else {
			kps[nk++] = &s->rp.kp;
		}
	}
	if (nk)
		unregister_kprobes(kps, nk);
	if (nr)
		unregister_kretprobes(rps, nr);
	list_for_each_entry_safe(s, tmp, &sonde_fbt_reap, rlink) {
		struct sonde_fbt_fn *fn;
		bool ret;

		fn = sonde_fbt_fn_of(s->probe, &ret);
		fn->site[ret] = NULL;
		list_del(&s->rlink);
		kfree(s);
	}
	kvfree(kps);
	kvfree(rps);
}

static void sonde_fbt_reap_fn(struct work_struct *w)
{
	mutex_lock(&sonde_lock);
	sonde_fbt_reap_locked();
	mutex_unlock(&sonde_lock);
}

static void sonde_fbt_destroy(struct sonde_probe *p)
{
	struct sonde_fbt_fn *fn;
	bool ret;

	fn = sonde_fbt_fn_of(p, &ret);
	WARN_ON_ONCE(fn->site[ret]);
	if (--fn->refs)
		return;
	hash_del(&fn->hnode);
	kfree(fn);
}

static int sonde_fbt_create(const char *mod, size_t mlen, const char *func,
			    size_t flen)
{
	struct sonde_fbt_fn *fn;
	struct sonde_probe *p;

	fn = kzalloc(sizeof(*fn) + mlen + flen + 2, GFP_KERNEL);
	if (!fn)
		return -ENOMEM;
	memcpy(fn->names, mod, mlen);
	memcpy(fn->names + mlen + 1, func, flen);
	fn->mod = fn->names;
	fn->func = fn->names + mlen + 1;
	p = sonde_probe_create(&sonde_fbt_provider, fn->mod, fn->func,
			       "entry", 6, (unsigned long)fn);
	if (IS_ERR(p)) {
		kfree(fn);
		return PTR_ERR(p);
	}
	p->flags = SONDE_PROBEF_KPROBE;
	fn->refs = 1;
	hash_add(sonde_fbt_fns, &fn->hnode, sonde_fbt_hash(fn->mod, fn->func));
	/* from here on destroy() frees fn with its last probe */
	p = sonde_probe_create(&sonde_fbt_provider, fn->mod, fn->func,
			       "return", 2,
			       (unsigned long)fn | SONDE_FBT_RETURN);
	if (IS_ERR(p))
		return PTR_ERR(p);
	p->flags = SONDE_PROBEF_KPROBE;
	fn->refs++;
	sonde_fbt_nprobes += 2;
	return 0;
}

/* The kprobe blacklist's names, sorted, for bsearch. */
struct sonde_fbt_black {
	char *buf;
	const char **names;
	u32 n;
};

static int sonde_fbt_strcmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* debugfs kprobes/blacklist lines: "0x...-0x...\tname[ [mod]]". */
static void sonde_fbt_black_load(struct sonde_fbt_black *bl)
{
	size_t len;
	char *s, *line;
	u32 n = 0;

	memset(bl, 0, sizeof(*bl));
	bl->buf = sonde_compat_read_file("/sys/kernel/debug/kprobes/blacklist",
					 &len);
	if (IS_ERR(bl->buf)) {
		bl->buf = NULL;
		return;
	}
	for (s = bl->buf; *s; s++)
		n += *s == '\n';
	bl->names = kvmalloc_array(n + 1, sizeof(*bl->names), GFP_KERNEL);
	if (!bl->names)
		return;
	s = bl->buf;
	while ((line = strsep(&s, "\n")) != NULL) {
		char *name = strchr(line, '\t');

		if (!name || bl->n >= n)
			continue;
		name++;
		name[strcspn(name, " \t")] = 0;
		bl->names[bl->n++] = name;
	}
	sort(bl->names, bl->n, sizeof(*bl->names), sonde_fbt_strcmp, NULL);
}

static bool sonde_fbt_blacklisted(struct sonde_fbt_black *bl,
				  const char *func)
{
	return bl->names && bsearch(&func, bl->names, bl->n,
				    sizeof(*bl->names), sonde_fbt_strcmp);
}

static bool sonde_has_glob(const char *s)
{
	return !*s || strpbrk(s, "*?[\\");
}

static int sonde_fbt_provide(const struct sonde_probe_desc *desc)
{
	struct sonde_fbt_black bl;
	char *buf, *s, *line;
	size_t len;
	u32 lines = 0;
	int err = 0;

	if (!sonde_glob_match(desc->name, "entry") &&
	    !sonde_glob_match(desc->name, "return"))
		return 0;
	/* fbt::vfs_read:entry again: nothing to read */
	if (!sonde_has_glob(desc->function) && !sonde_has_glob(desc->module) &&
	    sonde_fbt_lookup(desc->module, desc->function))
		return 0;
	buf = sonde_compat_read_tracefs("available_filter_functions", &len);
	if (IS_ERR(buf)) {
		pr_info_once("sonde: fbt: no tracefs available_filter_functions (error %ld): no fbt probes\n",
			     PTR_ERR(buf));
		return 0;
	}
	sonde_fbt_black_load(&bl);
	s = buf;
	while ((line = strsep(&s, "\n")) != NULL && !err) {
		const char *mod = "vmlinux", *func = line;
		size_t flen = strcspn(line, " \t"), mlen = 7;
		char *m;

		if (!(++lines & 1023))
			cond_resched();
		if (!flen)
			continue;
		/* "name [module]" */
		m = strchr(line + flen, '[');
		line[flen] = 0;
		if (m) {
			mod = m + 1;
			mlen = strcspn(mod, "]");
			m[1 + mlen] = 0;
		}
		if (!mlen || mlen >= SONDE_MODNAMELEN ||
		    flen >= SONDE_FUNCNAMELEN)
			continue;
		if (!strcmp(mod, KBUILD_MODNAME))
			continue;
		if (!sonde_glob_match(desc->function, func) ||
		    !sonde_glob_match(desc->module, mod))
			continue;
		if (sonde_fbt_denied(func) || sonde_fbt_blacklisted(&bl, func))
			continue;
		if (sonde_fbt_lookup(mod, func))
			continue;
		if (sonde_fbt_nprobes + 2 > SONDE_FBT_MAX_PROBES) {
			pr_info_once("sonde: fbt: %u probes, no more are created\n",
				     sonde_fbt_nprobes);
			break;
		}
		err = sonde_fbt_create(mod, mlen, func, flen);
	}
	kvfree(bl.names);
	kvfree(bl.buf);
	kvfree(buf);
	return err;
}

const struct sonde_provider sonde_fbt_provider = {
	.name = "fbt",
	.flags = SONDE_PROVF_REGS_STACK,
	.kaddr_args = SONDE_ARGS_ALL,
	.provide = sonde_fbt_provide,
	.destroy = sonde_fbt_destroy,
	.enable = sonde_fbt_enable,
	.disable = sonde_fbt_disable,
};

/**
 * sonde_fbt_exit() - drop the fbt provider's function table
 *
 * Context: module exit or failed init, before sonde_probes_destroy();
 * nothing is armed.
 */
void sonde_fbt_exit(void)
{
	cancel_delayed_work_sync(&sonde_fbt_reaper);
	mutex_lock(&sonde_lock);
	sonde_fbt_reap_locked();
	mutex_unlock(&sonde_lock);
}
