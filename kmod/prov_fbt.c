// SPDX-License-Identifier: GPL-2.0
/*
 * prov_fbt.c - the fbt provider: fbt:<module>:<function>:entry and
 * :return for every traceable kernel function; <module> is "vmlinux" or
 * the module's name.
 *
 * Where probes come from.  The module reads no files: SONDE_IOC_OFFER
 * hands it functions with their addresses (libsonde takes them from
 * tracefs's available_filter_functions and /proc/kallsyms), and
 * sonde_fbt_offer() believes none of it.  An address is taken only if
 * sprint_symbol() names it the start of that function in that module,
 * ftrace accepts it as one of its sites (ftrace_set_filter_ips() on an
 * ops that is never registered: notrace functions are refused there), and
 * the function is neither sonde's own nor one its firing path calls
 * (sonde_fbt_deny[]).  Static functions that share a name in one module
 * are one probe with several sites.
 *
 * Arming.  Every armed function rides one ftrace_ops, sonde_fbt_ops,
 * whose filter holds the sites of every armed function: a GO or STOP
 * changes it once (sonde_fbt_commit()), one text-patching pass for
 * thousands of functions, where a kprobe each was one pass each.  The
 * ops' callback finds the site by address in an RCU hash and fires the
 * entry probe.  A return probe is a kretprobe per site, registered
 * disabled: kprobes checks the address (its blacklist, its own text) and
 * sets up the return hook, but arms nothing; sonde_fbt_ops' callback calls
 * its pre-handler at entry, exactly as kprobes' own ftrace handler would,
 * so return probes are batched too.
 *
 * What arming every function costs (42,000 on 6.12, under TCG, profiled
 * with bench/tcgprof.c): almost all of it is the kernel's own text
 * patching, three text_poke()s per site, each switching to the poking mm
 * and back; next came the callback itself, which every function already
 * patched runs while the others are being patched, at GO before they are
 * armed and at STOP after they are disarmed.  So the callback returns at
 * once while nothing is armed (sonde_fbt_live), and the filter is given
 * each function's ftrace record (sonde_fbt_fentry()), which ftrace finds
 * by a binary search, not the symbol, which costs it a kallsyms lookup
 * first on IBT kernels.
 *
 * entry: arg0..arg5 are the first six arguments (di, si, dx, cx, r8, r9).
 * return: arg0 is 0 (DTrace's return offset is not cheaply known from a
 * kretprobe), arg1 the return value (ax).
 *
 * A module that unloads takes its functions' sites with it (module
 * notifier); their probes keep their ids, unlisted and never firing, until
 * the module is back and its functions are offered again.
 *
 * The callbacks are probe context (the ftrace callback guards recursion
 * and runs only where RCU watches, preemption off; kretprobe handlers)
 * and only call sonde_probe_fire().  Everything else runs under sonde_lock.
 */
#include <linux/ftrace.h>
#include <linux/hashtable.h>
#include <linux/jhash.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/trace_recursion.h>

#include "sonde_kmod.h"
#include "compat.h"

#define SONDE_FBT_MAX_PROBES	100000
#define SONDE_FBT_MAX_SITES	16	/* same-named functions, one module */
/* Armed return sites: each holds a kretprobe and its instances. */
#define SONDE_FBT_MAX_RETURNS	8192
#define SONDE_FBT_RETURN	1UL

struct sonde_fbt_fn;

/* A kretprobe of one site, registered disabled while :return is armed. */
struct sonde_fbt_ret {
	struct kretprobe rp;
	struct sonde_fbt_fn *fn;
};

/* One address of a function. */
struct sonde_fbt_site {
	struct hlist_node inode;	/* sonde_fbt_ips (RCU: probe context) */
	struct list_head flink;		/* fn->sites */
	unsigned long addr;		/* the symbol's start */
	unsigned long fip;		/* its ftrace record: addr or after
					 * its ENDBR (sonde_fbt_fentry()) */
	struct sonde_fbt_fn *fn;
	struct sonde_fbt_ret *ret;	/* return hook, read by probe context */
	bool filtered;			/* in sonde_fbt_ops' filter */
};

/* One function: its two probes and its sites. */
struct sonde_fbt_fn {
	struct hlist_node hnode;	/* sonde_fbt_fns, by name */
	const char *mod;
	const char *func;
	struct sonde_probe *probe[2];	/* entry, return */
	struct list_head sites;
	u32 nsites;
	u32 refs;			/* probes still pointing here */
	bool want[2];			/* enabled (sonde_lock) */
	bool armed[2];			/* as committed; read by probe context */
	struct list_head dlink;		/* on sonde_fbt_dirty */
	char names[];			/* mod\0func\0 */
};

static DEFINE_HASHTABLE(sonde_fbt_fns, 14);
static DEFINE_HASHTABLE(sonde_fbt_ips, 14);
static u32 sonde_fbt_nprobes, sonde_fbt_nfiltered, sonde_fbt_nrets;
static LIST_HEAD(sonde_fbt_dirty);	/* enabled or disabled since commit */
static bool sonde_fbt_registered;

/*
 * Functions armed (entry or return), and whether any is, for probe
 * context: while none is, the callback returns at once.  A GO or STOP of
 * every function has ftrace patch 40,000 sites one at a time, and every
 * function already patched that the patching itself (or anything else)
 * calls in the meantime runs the callback: at GO before the functions
 * are armed, at STOP after they are disarmed.
 */
static u32 sonde_fbt_narmed;
static bool sonde_fbt_live;

static void sonde_fbt_callback(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op,
			       struct ftrace_regs *fregs);

/*
 * Every armed function.  SAVE_REGS: a full pt_regs for the arguments,
 * stack() and the kretprobe hook.  Not RECURSION or RCU: the callback
 * guards re-entry and checks that RCU watches itself (its hash walk and
 * sonde_probe_fire() rely on a grace period), so ftrace's trampoline
 * calls it directly instead of through ftrace_ops_assist_func().
 */
static struct ftrace_ops sonde_fbt_ops = {
	.func = sonde_fbt_callback,
	.flags = FTRACE_OPS_FL_SAVE_REGS,
};

/* Never registered: its filter is how ftrace says "that is my site". */
static struct ftrace_ops sonde_fbt_check_ops;

/* What probe context reads of @fn's arming; sonde_lock held. */
static void sonde_fbt_set_armed(struct sonde_fbt_fn *fn, bool entry, bool ret)
{
	bool was = fn->armed[0] || fn->armed[1];

	WRITE_ONCE(fn->armed[0], entry);
	WRITE_ONCE(fn->armed[1], ret);
	if (!was && (entry || ret))
		sonde_fbt_narmed++;
	else if (was && !entry && !ret)
		sonde_fbt_narmed--;
}

/* After the functions' own flags: the callback reads this first. */
static void sonde_fbt_set_live(void)
{
	WRITE_ONCE(sonde_fbt_live, sonde_fbt_narmed != 0);
}

/*
 * Empty @ops' filter.  Not ftrace_free_filter(), which in 6.1 frees the
 * hashes but leaves the ops pointing at them: it is for an ops' end of
 * life only (module exit here).  @ops must not be registered: an empty
 * filter traces every function.
 */
static void sonde_fbt_filter_clear(struct ftrace_ops *ops)
{
	WARN_ON_ONCE(ftrace_set_filter(ops, NULL, 0, 1));
}

/*
 * Functions sonde's firing path calls (kmod/ and vm/ sources and, one level
 * down, what those helpers call in 6.1), by prefix.  A probe there would
 * only ever be dropped as re-entry, so they are not offered.
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
	"strncpy_from_user", "rcu_is_watching",
};

static bool sonde_fbt_denied(const char *func)
{
	u32 i;

	for (i = 0; i < ARRAY_SIZE(sonde_fbt_deny); i++)
		if (!strncmp(func, sonde_fbt_deny[i],
			     strlen(sonde_fbt_deny[i])))
			return true;
	return false;
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

/* The site at @addr, probe context (or sonde_lock). */
static struct sonde_fbt_site *sonde_fbt_site_at(unsigned long addr)
{
	struct sonde_fbt_site *s;

	hash_for_each_possible_rcu_notrace(sonde_fbt_ips, s, inode, addr)
		if (s->addr == addr)
			return s;
	return NULL;
}

/* The site whose ftrace record is at @fip (sonde_lock). */
static struct sonde_fbt_site *sonde_fbt_site_of_fip(unsigned long fip)
{
	struct sonde_fbt_site *s = NULL;

	if (SONDE_FENTRY_OFFSET)
		s = sonde_fbt_site_at(fip - SONDE_FENTRY_OFFSET);
	if (!s || s->fip != fip)
		s = sonde_fbt_site_at(fip);
	return s;
}

static void sonde_fbt_fire_entry(struct sonde_fbt_fn *fn,
				 struct pt_regs *regs)
{
	struct sonde_fire f __uninitialized;

	sonde_fire_init(&f, regs);
	f.args[0] = regs->di;
	f.args[1] = regs->si;
	f.args[2] = regs->dx;
	f.args[3] = regs->cx;
	f.args[4] = regs->r8;
	f.args[5] = regs->r9;
	sonde_probe_fire(fn->probe[0], NULL, &f);
}

/*
 * sonde_fbt_ops' callback at the ftrace site of an armed function.
 * @ip is the site, which follows the symbol's ENDBR on IBT kernels.
 */
static void sonde_fbt_callback(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op,
			       struct ftrace_regs *fregs)
{
	struct pt_regs *regs = ftrace_get_regs(fregs);
	struct sonde_fbt_site *s;
	struct sonde_fbt_ret *r;
	int bit;

	if (!READ_ONCE(sonde_fbt_live))
		return;		/* patching at GO or STOP: nothing armed */
	/* what ftrace_ops_assist_func() would do, without its call */
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (unlikely(!regs || !rcu_is_watching()))
		goto out;
	/* after an ENDBR, as most functions on IBT kernels; or not */
	s = sonde_fbt_site_at(ip - SONDE_FENTRY_OFFSET);
	if (!s && SONDE_FENTRY_OFFSET)
		s = sonde_fbt_site_at(ip);
	if (unlikely(!s))
		goto out;
	if (READ_ONCE(s->fn->armed[0]))
		sonde_fbt_fire_entry(s->fn, regs);
	r = READ_ONCE(s->ret);
	if (r)
		sonde_compat_kretprobe_enter(&r->rp, regs);
out:
	ftrace_test_recursion_unlock(bit);
}

static int sonde_fbt_return(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	struct sonde_fbt_ret *r = container_of(get_kretprobe(ri),
					       struct sonde_fbt_ret, rp);
	struct sonde_fire f __uninitialized;

	if (unlikely(!READ_ONCE(r->fn->armed[1])))
		return 0;
	sonde_fire_init(&f, regs);
	f.args[1] = regs_return_value(regs);
	sonde_probe_fire(r->fn->probe[1], NULL, &f);
	return 0;
}

static struct sonde_fbt_fn *sonde_fbt_fn_of(struct sonde_probe *p, bool *ret)
{
	*ret = p->data & SONDE_FBT_RETURN;
	return (struct sonde_fbt_fn *)(p->data & ~SONDE_FBT_RETURN);
}

static void sonde_fbt_mark(struct sonde_fbt_fn *fn)
{
	if (list_empty(&fn->dlink))
		list_add_tail(&fn->dlink, &sonde_fbt_dirty);
}

static int sonde_fbt_enable(struct sonde_probe *p)
{
	struct sonde_fbt_fn *fn;
	bool ret;

	fn = sonde_fbt_fn_of(p, &ret);
	if (!fn->nsites) {
		pr_info("sonde: fbt:%s:%s:%s: the module is gone\n", fn->mod,
			fn->func, p->name);
		return -ENOENT;
	}
	fn->want[ret] = true;
	sonde_fbt_mark(fn);
	return 0;
}

static void sonde_fbt_disable(struct sonde_probe *p)
{
	struct sonde_fbt_fn *fn;
	bool ret;

	fn = sonde_fbt_fn_of(p, &ret);
	fn->want[ret] = false;
	sonde_fbt_mark(fn);
}

/* Does @s belong in sonde_fbt_ops' filter? */
static bool sonde_fbt_site_needed(const struct sonde_fbt_site *s)
{
	return s->fn->want[0] || s->fn->want[1];
}

/*
 * Put @n sites into the filter (or take them out) in one change, keeping
 * the filter non-empty while the ops is registered (an empty filter
 * traces every function): the ops is registered after its first sites
 * are in, and unregistered before its last ones go.
 */
static int sonde_fbt_filter(unsigned long *ips, u32 n, bool remove)
{
	int err;

	if (!n)
		return 0;
	if (!remove) {
		err = ftrace_set_filter_ips(&sonde_fbt_ops, ips, n, 0, 0);
		if (err)
			return err;
		sonde_fbt_nfiltered += n;
		if (!sonde_fbt_registered) {
			err = register_ftrace_function(&sonde_fbt_ops);
			if (err) {
				sonde_fbt_filter_clear(&sonde_fbt_ops);
				sonde_fbt_nfiltered = 0;
				return err;
			}
			sonde_fbt_registered = true;
		}
		return 0;
	}
	if (n == sonde_fbt_nfiltered) {
		if (sonde_fbt_registered) {
			err = unregister_ftrace_function(&sonde_fbt_ops);
			if (WARN_ON_ONCE(err))
				return err;
			sonde_fbt_registered = false;
		}
		sonde_fbt_filter_clear(&sonde_fbt_ops);
		sonde_fbt_nfiltered = 0;
		return 0;
	}
	err = ftrace_set_filter_ips(&sonde_fbt_ops, ips, n, 1, 0);
	if (!err)
		sonde_fbt_nfiltered -= n;
	return err;
}

/* Register @s's return hook (disabled: kprobes arms nothing). */
static int sonde_fbt_ret_get(struct sonde_fbt_site *s)
{
	struct sonde_fbt_ret *r;
	int err;

	if (sonde_fbt_nrets >= SONDE_FBT_MAX_RETURNS) {
		pr_info("sonde: fbt:%s:%s:return: more than %u return probe sites armed at once\n",
			s->fn->mod, s->fn->func, SONDE_FBT_MAX_RETURNS);
		return -E2BIG;
	}
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	r->fn = s->fn;
	r->rp.kp.addr = (kprobe_opcode_t *)s->addr;
	r->rp.kp.flags = KPROBE_FLAG_DISABLED;
	r->rp.handler = sonde_fbt_return;
	/* functions that sleep (vfs_read) have many calls in flight */
	r->rp.maxactive = max_t(int, 32, 4 * num_possible_cpus());
	err = register_kretprobe(&r->rp);
	if (err) {
		pr_info("sonde: fbt:%s:%s:return cannot be probed at %pS: error %d\n",
			s->fn->mod, s->fn->func, (void *)s->addr, err);
		kfree(r);
		return err;
	}
	sonde_fbt_nrets++;
	WRITE_ONCE(s->ret, r);
	return 0;
}

/* Unregister return hooks nothing calls any more, in one batch. */
static void sonde_fbt_ret_put(struct sonde_fbt_ret **rs, u32 n)
{
	struct kretprobe **rps = (struct kretprobe **)rs;
	u32 i;

	if (!n)
		return;
	/* sonde_fbt_callback() may still be entering a kretprobe */
	sonde_sync();
	for (i = 0; i < n; i++)
		rps[i] = &rs[i]->rp;
	unregister_kretprobes(rps, n);
	for (i = 0; i < n; i++)
		kfree(container_of(rps[i], struct sonde_fbt_ret, rp));
	sonde_fbt_nrets -= n;
}

/*
 * Arm what was enabled since the last commit: return hooks first, then
 * the filter, once.  On failure nothing new is armed and the functions
 * keep their last committed state.
 */
static int sonde_fbt_commit_in(void)
{
	struct sonde_fbt_fn *fn;
	struct sonde_fbt_site *s;
	unsigned long *add;
	u32 nadd = 0, nsites = 0;
	int err = 0;

	list_for_each_entry(fn, &sonde_fbt_dirty, dlink)
		if (fn->want[0] || fn->want[1])
			nsites += fn->nsites;
	if (!nsites)
		return 0;
	add = kvmalloc_array(nsites, sizeof(*add), GFP_KERNEL);
	if (!add)
		return -ENOMEM;
	list_for_each_entry(fn, &sonde_fbt_dirty, dlink) {
		list_for_each_entry(s, &fn->sites, flink) {
			if (fn->want[1] && !s->ret) {
				err = sonde_fbt_ret_get(s);
				if (err)
					goto out_undo;
			}
			if (sonde_fbt_site_needed(s) && !s->filtered)
				add[nadd++] = s->fip;
		}
	}
	err = sonde_fbt_filter(add, nadd, false);
	if (err) {
		pr_info("sonde: fbt: ftrace refused %u functions: error %d\n",
			nadd, err);
		goto out_undo;
	}
	list_for_each_entry(fn, &sonde_fbt_dirty, dlink) {
		list_for_each_entry(s, &fn->sites, flink)
			if (sonde_fbt_site_needed(s))
				s->filtered = true;
		sonde_fbt_set_armed(fn, fn->want[0], fn->want[1]);
	}
	sonde_fbt_set_live();
	kvfree(add);
	return 0;

out_undo:
	kvfree(add);
	list_for_each_entry(fn, &sonde_fbt_dirty, dlink) {
		list_for_each_entry(s, &fn->sites, flink) {
			struct sonde_fbt_ret *r = s->ret;

			/* hooks made here; nothing new is in the filter */
			if (r && !fn->armed[1]) {
				WRITE_ONCE(s->ret, NULL);
				sonde_fbt_ret_put(&r, 1);
			}
		}
		fn->want[0] = fn->armed[0];
		fn->want[1] = fn->armed[1];
	}
	return err;
}

/*
 * Disarm what was disabled since the last commit: out of the filter
 * (once), then the return hooks (one batch).  It cannot fail: without
 * memory for the batches it goes one site at a time.
 */
static void sonde_fbt_commit_out(void)
{
	struct sonde_fbt_ret **drop, *one_drop;
	unsigned long *del, one_del;
	struct sonde_fbt_fn *fn;
	struct sonde_fbt_site *s;
	u32 ndel = 0, ndrop = 0, nsites = 0, cap;

	list_for_each_entry(fn, &sonde_fbt_dirty, dlink) {
		sonde_fbt_set_armed(fn, fn->want[0], fn->want[1]);
		nsites += fn->nsites;
	}
	sonde_fbt_set_live();
	if (!nsites)
		return;
	cap = nsites;
	del = kvmalloc_array(cap, sizeof(*del), GFP_KERNEL);
	drop = kvmalloc_array(cap, sizeof(*drop), GFP_KERNEL);
	if (!del || !drop) {
		kvfree(del);
		kvfree(drop);
		del = &one_del;
		drop = &one_drop;
		cap = 1;
	}
	list_for_each_entry(fn, &sonde_fbt_dirty, dlink) {
		list_for_each_entry(s, &fn->sites, flink) {
			if (!fn->want[1] && s->ret) {
				drop[ndrop++] = s->ret;
				WRITE_ONCE(s->ret, NULL);
			}
			if (!sonde_fbt_site_needed(s) && s->filtered) {
				del[ndel++] = s->fip;
				s->filtered = false;
			}
			if (cap > 1)
				continue;
			if (sonde_fbt_filter(del, ndel, true))
				s->filtered = true;	/* retried next time */
			sonde_fbt_ret_put(drop, ndrop);
			ndel = ndrop = 0;
		}
	}
	if (sonde_fbt_filter(del, ndel, true)) {
		/* still filtered: disarmed above, retried next commit */
		pr_warn_once("sonde: fbt: cannot take %u functions out of the ftrace filter\n",
			     ndel);
		while (ndel--)
			sonde_fbt_site_of_fip(del[ndel])->filtered = true;
	}
	sonde_fbt_ret_put(drop, ndrop);
	if (cap > 1) {
		kvfree(del);
		kvfree(drop);
	}
}

/*
 * Apply every enable and disable since the last commit: the filter
 * changes once each way, the return hooks are made and retired in
 * batches.  An error means nothing enabled since the last commit was
 * armed; the caller disables those probes (and commits again).
 * sonde_lock held.
 */
static int sonde_fbt_commit(void)
{
	struct sonde_fbt_fn *fn, *tmp;
	int err;

	lockdep_assert_held(&sonde_lock);
	err = sonde_fbt_commit_in();
	sonde_fbt_commit_out();
	list_for_each_entry_safe(fn, tmp, &sonde_fbt_dirty, dlink)
		list_del_init(&fn->dlink);
	return err;
}

/* Take a site out of the lookup hash; the caller waits before freeing. */
static void sonde_fbt_site_unlink(struct sonde_fbt_site *s)
{
	hash_del_rcu(&s->inode);
	list_del(&s->flink);
	s->fn->nsites--;
}

static void sonde_fbt_destroy(struct sonde_probe *p)
{
	struct sonde_fbt_site *s, *tmp;
	struct sonde_fbt_fn *fn;
	bool ret;

	fn = sonde_fbt_fn_of(p, &ret);
	fn->probe[ret] = NULL;
	if (--fn->refs)
		return;
	/* module exit or a gone module: nothing is armed, nothing fires */
	WARN_ON_ONCE(fn->armed[0] || fn->armed[1]);
	list_for_each_entry_safe(s, tmp, &fn->sites, flink) {
		WARN_ON_ONCE(s->filtered || s->ret);
		sonde_fbt_site_unlink(s);
		kfree(s);
	}
	hash_del(&fn->hnode);
	kfree(fn);
}

static struct sonde_fbt_fn *sonde_fbt_create(const char *mod,
					     const char *func)
{
	size_t mlen = strlen(mod), flen = strlen(func);
	struct sonde_fbt_fn *fn;
	struct sonde_probe *p;

	fn = kzalloc(sizeof(*fn) + mlen + flen + 2, GFP_KERNEL);
	if (!fn)
		return ERR_PTR(-ENOMEM);
	memcpy(fn->names, mod, mlen);
	memcpy(fn->names + mlen + 1, func, flen);
	fn->mod = fn->names;
	fn->func = fn->names + mlen + 1;
	INIT_LIST_HEAD(&fn->sites);
	INIT_LIST_HEAD(&fn->dlink);
	p = sonde_probe_create(&sonde_fbt_provider, fn->mod, fn->func,
			       "entry", 6, (unsigned long)fn);
	if (IS_ERR(p)) {
		kfree(fn);
		return ERR_CAST(p);
	}
	p->flags = SONDE_PROBEF_KPROBE;
	fn->probe[0] = p;
	fn->refs = 1;
	hash_add(sonde_fbt_fns, &fn->hnode, sonde_fbt_hash(fn->mod, fn->func));
	/* from here on destroy() frees fn with its last probe */
	p = sonde_probe_create(&sonde_fbt_provider, fn->mod, fn->func,
			       "return", 2,
			       (unsigned long)fn | SONDE_FBT_RETURN);
	if (IS_ERR(p)) {
		sonde_probe_destroy(fn->probe[0]);
		return ERR_CAST(p);
	}
	fn->probe[1] = p;
	p->flags = SONDE_PROBEF_KPROBE;
	fn->refs++;
	sonde_fbt_nprobes += 2;
	return fn;
}

static bool sonde_fbt_has_site(struct sonde_fbt_fn *fn, unsigned long addr)
{
	struct sonde_fbt_site *s;

	list_for_each_entry(s, &fn->sites, flink)
		if (s->addr == addr)
			return true;
	return false;
}

/*
 * Is @e's address the start of its function, by the kernel's own symbol
 * table?  sprint_symbol() says "name+0x0/0xsize" and " [mod]" for a
 * module's.
 */
static bool sonde_fbt_symbol_ok(const struct sonde_offer_ent *e)
{
	char sym[KSYM_SYMBOL_LEN];
	size_t flen = strlen(e->name);
	const char *rest;

	sprint_symbol(sym, e->addr);
	if (strncmp(sym, e->name, flen) || strncmp(sym + flen, "+0x0/0x", 7))
		return false;
	rest = strchr(sym + flen + 7, ' ');
	if (!strcmp(e->module, "vmlinux"))
		return !rest;
	return rest && rest[1] == '[' &&
	       !strncmp(rest + 2, e->module, strlen(e->module)) &&
	       !strcmp(rest + 2 + strlen(e->module), "]");
}

/*
 * Where ftrace's record of the function at @addr is, as its filters take
 * it fastest: an address that is not a record is looked up in kallsyms
 * first (ftrace_location()), 40,000 lookups for every function, where
 * the record itself is a binary search.  On IBT kernels the record
 * follows the ENDBR (or its poisoned NOP) that starts most functions,
 * else it is the symbol.  A guess only: sonde_fbt_check() confirms it.
 */
static unsigned long sonde_fbt_fentry(unsigned long addr)
{
	u32 insn;

	if (!SONDE_FENTRY_OFFSET ||
	    copy_from_kernel_nofault(&insn, (void *)addr, sizeof(insn)))
		return addr;
	return is_endbr(insn) ? addr + SONDE_FENTRY_OFFSET : addr;
}

/*
 * Which of @ips are ftrace sites?  One filter change for all of them if
 * they are; halves otherwise, so a few bad ones cost a few more tries.
 * 0, or -ENOMEM.
 */
static int sonde_fbt_check(unsigned long *ips, bool *ok, u32 n)
{
	int err;

	if (!n)
		return 0;
	err = ftrace_set_filter_ips(&sonde_fbt_check_ops, ips, n, 0, 1);
	sonde_fbt_filter_clear(&sonde_fbt_check_ops);
	if (err == -ENOMEM)
		return err;
	if (!err || n == 1) {
		memset(ok, !err, n * sizeof(*ok));
		return 0;
	}
	err = sonde_fbt_check(ips, ok, n / 2);
	if (!err)
		err = sonde_fbt_check(ips + n / 2, ok + n / 2, n - n / 2);
	return err;
}

static int sonde_fbt_add_site(const struct sonde_offer_ent *e,
			      unsigned long fip, struct sonde_offer *res)
{
	struct sonde_fbt_fn *fn = sonde_fbt_lookup(e->module, e->name);
	struct sonde_fbt_site *s;

	if (fn && sonde_fbt_has_site(fn, e->addr)) {
		res->accepted++;	/* twice in one offer */
		return 0;
	}
	/* an armed function keeps the sites it was armed with */
	if (fn && (fn->want[0] || fn->want[1] || fn->armed[0] ||
		   fn->armed[1] || fn->nsites >= SONDE_FBT_MAX_SITES)) {
		res->refused++;
		return 0;
	}
	if (!fn) {
		if (sonde_fbt_nprobes + 2 > SONDE_FBT_MAX_PROBES) {
			pr_info_once("sonde: fbt: %u probes, no more are created\n",
				     sonde_fbt_nprobes);
			return -E2BIG;
		}
		fn = sonde_fbt_create(e->module, e->name);
		if (IS_ERR(fn))
			return PTR_ERR(fn);
		res->created += 2;
	}
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->addr = e->addr;
	s->fip = fip;
	s->fn = fn;
	list_add_tail(&s->flink, &fn->sites);
	fn->nsites++;
	hash_add_rcu(sonde_fbt_ips, &s->inode, s->addr);
	res->accepted++;
	return 0;
}

/*
 * SONDE_IOC_OFFER's functions (SONDE_OFFER_FUNC entries, well formed:
 * probe.c checked them).  Each one the kernel confirms becomes a site;
 * the rest are counted as refused.  sonde_lock held.
 */
static int sonde_fbt_offer(const struct sonde_offer_ent *ents, u32 n,
			   struct sonde_offer *res)
{
	unsigned long *ips;
	u32 i, k, ncand = 0, *idx;
	bool *ok;
	int err = 0;

	lockdep_assert_held(&sonde_lock);
	ips = kvmalloc_array(max(n, 1u), sizeof(*ips), GFP_KERNEL);
	idx = kvmalloc_array(max(n, 1u), sizeof(*idx), GFP_KERNEL);
	ok = kvmalloc_array(max(n, 1u), sizeof(*ok), GFP_KERNEL);
	if (!ips || !idx || !ok) {
		err = -ENOMEM;
		goto out_free;
	}
	/* known sites are accepted as they are; new ones are checked */
	for (i = 0; i < n; i++) {
		const struct sonde_offer_ent *e = &ents[i];
		struct sonde_fbt_fn *fn = sonde_fbt_lookup(e->module, e->name);

		if (fn && sonde_fbt_has_site(fn, e->addr)) {
			res->accepted++;
			continue;
		}
		if (!strcmp(e->module, KBUILD_MODNAME) ||
		    sonde_fbt_denied(e->name) || !sonde_fbt_symbol_ok(e)) {
			res->refused++;
			continue;
		}
		idx[ncand] = i;
		ips[ncand++] = e->addr;
		if (!(ncand & 255))
			cond_resched();
	}
	/* ftrace's verdict on the candidates, at their records */
	for (k = 0; k < ncand; k++) {
		ips[k] = sonde_fbt_fentry(ips[k]);
		if (!(k & 255))
			cond_resched();
	}
	err = sonde_fbt_check(ips, ok, ncand);
	/* a record not where the ENDBR said: the symbol, as ftrace maps it */
	for (k = 0; k < ncand && !err; k++) {
		if (ok[k] || ips[k] == ents[idx[k]].addr)
			continue;
		ips[k] = ents[idx[k]].addr;
		err = sonde_fbt_check(&ips[k], &ok[k], 1);
	}
	for (k = 0; k < ncand && !err; k++) {
		if (!ok[k]) {
			res->refused++;
			continue;
		}
		err = sonde_fbt_add_site(&ents[idx[k]], ips[k], res);
	}
out_free:
	kvfree(ips);
	kvfree(idx);
	kvfree(ok);
	return err;
}

/* A function whose module went has no site: not listed until offered. */
static bool sonde_fbt_listed(struct sonde_probe *p)
{
	bool ret;

	return sonde_fbt_fn_of(p, &ret)->nsites;
}

const struct sonde_provider sonde_fbt_provider = {
	.name = "fbt",
	.listed = sonde_fbt_listed,
	.flags = SONDE_PROVF_REGS_STACK,
	.kaddr_args = SONDE_ARGS_ALL,
	.offer_kind = SONDE_OFFER_FUNC,
	.offer = sonde_fbt_offer,
	.destroy = sonde_fbt_destroy,
	.enable = sonde_fbt_enable,
	.disable = sonde_fbt_disable,
	.commit = sonde_fbt_commit,
};

/*
 * A module is going: its functions' sites go with it, before ftrace
 * forgets their records (another module may load at those addresses).
 * The probes stay, unlisted and never firing: a consumer may have loaded
 * a program naming them (its GO then fails), and when the module is back
 * and its functions offered again they are the same probes.
 */
static unsigned long sonde_fbt_one_del[1];
static struct sonde_fbt_ret *sonde_fbt_one_drop[1];

static void sonde_fbt_module_going(const char *name)
{
	struct sonde_fbt_site *s, *stmp;
	struct sonde_fbt_ret **drop;
	struct sonde_fbt_fn *fn;
	unsigned long *del;
	u32 ndel = 0, ndrop = 0, n = 0, bkt;
	LIST_HEAD(gone);

	mutex_lock(&sonde_lock);
	hash_for_each(sonde_fbt_fns, bkt, fn, hnode)
		if (!strcmp(fn->mod, name))
			n += fn->nsites;
	if (!n)
		goto out_unlock;
	del = kvmalloc_array(n, sizeof(*del), GFP_KERNEL);
	drop = kvmalloc_array(n, sizeof(*drop), GFP_KERNEL);
	if (!del || !drop) {
		/* no memory for the batches: one site at a time */
		kvfree(del);
		kvfree(drop);
		del = sonde_fbt_one_del;
		drop = sonde_fbt_one_drop;
	}
	hash_for_each(sonde_fbt_fns, bkt, fn, hnode) {
		if (strcmp(fn->mod, name))
			continue;
		sonde_fbt_set_armed(fn, false, false);
		list_for_each_entry_safe(s, stmp, &fn->sites, flink) {
			if (s->filtered)
				del[ndel++] = s->fip;
			if (s->ret) {
				drop[ndrop++] = s->ret;
				WRITE_ONCE(s->ret, NULL);
			}
			sonde_fbt_site_unlink(s);
			list_add(&s->flink, &gone);
			if (del != sonde_fbt_one_del)
				continue;
			if (ndel && sonde_fbt_filter(del, ndel, true))
				pr_warn("sonde: fbt: module %s: %pS stays in the ftrace filter\n",
					name, (void *)s->addr);
			sonde_fbt_ret_put(drop, ndrop);
			ndel = ndrop = 0;
		}
	}
	sonde_fbt_set_live();
	if (ndel && sonde_fbt_filter(del, ndel, true))
		pr_warn("sonde: fbt: module %s: its functions stay in the ftrace filter\n",
			name);
	sonde_fbt_ret_put(drop, ndrop);
	/* the callback may still be looking at a site */
	sonde_sync();
	list_for_each_entry_safe(s, stmp, &gone, flink)
		kfree(s);
	if (del != sonde_fbt_one_del) {
		kvfree(del);
		kvfree(drop);
	}
out_unlock:
	mutex_unlock(&sonde_lock);
}

/*
 * Which descriptions' functions were all offered.  libsonde reads
 * available_filter_functions for an fbt description, offers what is new,
 * and says so (SONDE_OFFER_DONE, with the generation it read in); the
 * next listing of the same description tells it that no file need be
 * read again: the probes are all here.  A module loading brings functions
 * no one has offered, so it starts a new generation, and every pair is
 * stale; a module going takes only its own probes out of the listings.
 * sonde_fbt_gen is never 0 (SONDE_IOC_INFO's "no such thing").
 * sonde_lock.
 */
struct sonde_fbt_done {
	char mod[SONDE_MODNAMELEN];
	char func[SONDE_FUNCNAMELEN];
	u32 gen;			/* 0: unused */
};

static struct sonde_fbt_done sonde_fbt_done[SONDE_OFFER_NDONE];
static u32 sonde_fbt_done_next;
static u32 sonde_fbt_gen = 1;

/**
 * sonde_fbt_generation() - SONDE_IOC_INFO's fbt_gen
 *
 * Context: any; a moment's value.
 */
u32 sonde_fbt_generation(void)
{
	return READ_ONCE(sonde_fbt_gen);
}

static bool sonde_fbt_glob_all(const char *glob)
{
	return !glob[0] || !strcmp(glob, "*");
}

/**
 * sonde_fbt_offer_done() - SONDE_OFFER_DONE entries (probe.c checked their
 * form): remember each pair read in this generation, the oldest pair
 * making room
 * @ents: the entries
 * @n:    how many
 *
 * Context: sonde_lock held.
 */
void sonde_fbt_offer_done(const struct sonde_offer_ent *ents, u32 n)
{
	struct sonde_fbt_done *d;
	u32 i, k;

	lockdep_assert_held(&sonde_lock);
	for (i = 0; i < n; i++) {
		const struct sonde_offer_ent *e = &ents[i];

		if (e->addr != sonde_fbt_gen)
			continue;	/* a module loaded since: stale */
		for (k = 0; k < ARRAY_SIZE(sonde_fbt_done); k++) {
			d = &sonde_fbt_done[k];
			if (d->gen == sonde_fbt_gen &&
			    !strcmp(d->mod, e->module) &&
			    !strcmp(d->func, e->name))
				break;
		}
		if (k < ARRAY_SIZE(sonde_fbt_done))
			continue;
		d = &sonde_fbt_done[sonde_fbt_done_next];
		sonde_fbt_done_next = (sonde_fbt_done_next + 1) %
				      ARRAY_SIZE(sonde_fbt_done);
		strscpy(d->mod, e->module, sizeof(d->mod));
		strscpy(d->func, e->name, sizeof(d->func));
		d->gen = sonde_fbt_gen;
	}
}

/**
 * sonde_fbt_offered() - were all of @desc's fbt functions offered?
 * @desc: a listing's description (its provider glob is not looked at)
 *
 * Context: sonde_lock held.
 * Return: SONDE_PROBES_OFFERED if a pair remembered in this generation
 * has @desc's module and function globs (or takes every module or
 * function in place of one), else 0.
 */
u32 sonde_fbt_offered(const struct sonde_probe_desc *desc)
{
	u32 k;

	lockdep_assert_held(&sonde_lock);
	for (k = 0; k < ARRAY_SIZE(sonde_fbt_done); k++) {
		const struct sonde_fbt_done *d = &sonde_fbt_done[k];

		if (d->gen == sonde_fbt_gen &&
		    (sonde_fbt_glob_all(d->mod) ||
		     !strcmp(d->mod, desc->module)) &&
		    (sonde_fbt_glob_all(d->func) ||
		     !strcmp(d->func, desc->function)))
			return SONDE_PROBES_OFFERED;
	}
	return 0;
}

/* A module is coming: its functions are in ftrace and kallsyms now. */
static void sonde_fbt_module_coming(void)
{
	mutex_lock(&sonde_lock);
	WRITE_ONCE(sonde_fbt_gen, sonde_fbt_gen + 1 ?: 1);
	mutex_unlock(&sonde_lock);
}

static int sonde_fbt_module_cb(struct notifier_block *nb, unsigned long val,
			       void *data)
{
	struct module *mod = data;

	if (val == MODULE_STATE_COMING)
		sonde_fbt_module_coming();
	else if (val == MODULE_STATE_GOING)
		sonde_fbt_module_going(mod->name);
	return NOTIFY_DONE;
}

static struct notifier_block sonde_fbt_module_nb = {
	.notifier_call = sonde_fbt_module_cb,
};

/**
 * sonde_fbt_init() - watch modules going, whose functions' sites go too
 *
 * Context: module init.
 * Return: 0 or register_module_notifier()'s error.
 */
int sonde_fbt_init(void)
{
	return register_module_notifier(&sonde_fbt_module_nb);
}

/**
 * sonde_fbt_exit() - drop the fbt provider's ftrace state and notifier
 *
 * Context: module exit or failed init, before sonde_probes_destroy();
 * nothing is armed.
 */
void sonde_fbt_exit(void)
{
	unregister_module_notifier(&sonde_fbt_module_nb);
	mutex_lock(&sonde_lock);
	if (WARN_ON_ONCE(sonde_fbt_registered)) {
		unregister_ftrace_function(&sonde_fbt_ops);
		sonde_fbt_registered = false;
	}
	/* both ops end here */
	ftrace_free_filter(&sonde_fbt_ops);
	ftrace_free_filter(&sonde_fbt_check_ops);
	sonde_fbt_nfiltered = 0;
	mutex_unlock(&sonde_lock);
}
