// SPDX-License-Identifier: GPL-2.0
/*
 * prov_uprobe.c - user probes: USDT sites and pid-provider functions,
 * created one by one by their consumer (SONDE_IOC_UPROBE) from what
 * userland read in the ELF files (userland/usdt/uelf.c).
 *
 * A user probe belongs to the open file that created it: only its owner
 * lists and enables it, and it is freed when that file is released, after
 * the owner's enablings are gone.  Its name is the consumer's choice
 * ("python1234:python3.11:_PyEval_EvalFrameDefault:function-entry",
 * "pid1234:libc.so.6:malloc:entry"), checked for sanity only.
 *
 * A probe has one site or more (an SDT probe name can appear at several
 * places of a program, as DTrace's USDT probes can): a (file, offset,
 * semaphore, argument locations) each, added by further requests of the
 * same name while the owner is not armed.
 *
 * Arming registers a uprobe consumer on (inode, file offset), with the SDT
 * semaphore's file offset as the kernel's reference counter, so the kernel
 * replaces the instruction with int3 and increments the semaphore in
 * every process that maps the file -- or, with a filter, only in the one
 * process (address space) the probe was created for.  Disarming
 * unregisters it: the original instruction and the semaphore are restored
 * and, when sonde_uprobe_disable() returns, no handler of ours runs any
 * more (6.1's uprobe_unregister() takes the uprobe's register_rwsem for
 * writing, handlers run under it for reading; 6.12's
 * uprobe_unregister_sync() waits for RCU Tasks Trace readers: compat.h).
 *
 * Handlers run in the traced thread's own context (from the int3 trap's
 * return to user mode: preemptible, interrupts on) with the thread's user
 * registers.  They only note where the arguments are and call
 * sonde_probe_fire(), which is probe context as everywhere; an argument
 * is read at its first use there (sonde_uprobe_arg(): the saved
 * registers, or copy_from_user_nofault(); no sleeping, no allocation).
 */
#include <linux/nospec.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/namei.h>
#include <linux/pid.h>
#include <linux/ptrace.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/uprobes.h>

#include "sonde_kmod.h"
#include "compat.h"

#ifdef SONDE_HAVE_UPROBES

/* Probes one consumer may create (pid$target:::entry over a big libc). */
#define SONDE_UPROBE_MAX	65536

/* A user probe: a name and the sites (SDT notes of one name) it fires at. */
struct sonde_uprobe_k {
	struct sonde_probe *probe;
	struct list_head plink;		/* on its owner's uprobes list */
	struct list_head sites;
	u32 flags;			/* SONDE_UPROBE_* */
	char prov[SONDE_PROVNAMELEN];
	char mod[SONDE_MODNAMELEN];
	char func[SONDE_FUNCNAMELEN];
	char name[SONDE_NAMELEN];
};

/* One probed instruction of one file. */
struct sonde_usite {
	struct uprobe_consumer uc;
	struct sonde_uprobe_k *up;
	struct list_head link;		/* on up->sites */
	struct path path;
	struct inode *inode;
	loff_t offset;
	loff_t refctr;
	struct mm_struct *mm;		/* mmgrab'd; NULL: every process */
	struct sonde_compat_uprobe reg;	/* while registered */
	u32 nargs;
	bool registered;
	struct sonde_uarg args[SONDE_UPROBE_MAX_ARGS];
};

static_assert(sizeof(struct pt_regs) == SONDE_NUREGS * sizeof(long));
static_assert(offsetof(struct pt_regs, ax) == SONDE_UREG_rax * sizeof(long));
static_assert(offsetof(struct pt_regs, ip) == SONDE_UREG_rip * sizeof(long));
static_assert(offsetof(struct pt_regs, sp) == SONDE_UREG_rsp * sizeof(long));
static_assert(offsetof(struct pt_regs, di) == SONDE_UREG_rdi * sizeof(long));
static_assert(offsetof(struct pt_regs, r8) == SONDE_UREG_r8 * sizeof(long));

/* ---- probe context ------------------------------------------------- */

static u64 sonde_ureg(const struct pt_regs *regs, u8 r)
{
	if (r >= SONDE_NUREGS)
		return 0;
	/* the register a probe's argument spec names (ELF notes) */
	return ((const unsigned long *)regs)[array_index_nospec(r,
							SONDE_NUREGS)];
}

/* A memory operand's @size bytes; 0 when they cannot be read.  Apart, so
 * that the register case has no stack frame to guard. */
static noinline u64 sonde_uarg_mem(const struct sonde_uarg *a,
				   const struct pt_regs *regs, u32 size)
{
	u64 addr = a->disp + sonde_ureg(regs, a->base) +
		   sonde_ureg(regs, a->index) * a->scale;
	u64 v = 0;

	if (copy_from_user_nofault(&v, u64_to_user_ptr(addr), size))
		return 0;
	return v;
}

/*
 * One argument location's value; a faulting memory operand reads 0.  The
 * value is cut to its size and extended by two shifts, not a switch on
 * the size: fewer branches in probe context.
 */
static u64 sonde_uarg_eval(const struct sonde_uarg *a,
			   const struct pt_regs *regs)
{
	u32 size = a->size < 0 ? -a->size : a->size;
	u32 sh = 64 - 8 * size;		/* size is 1, 2, 4 or 8 (checked) */
	u64 v;

	if (likely(a->kind == SONDE_UARG_REG))
		v = sonde_ureg(regs, a->base);
	else if (a->kind == SONDE_UARG_MEM)
		v = sonde_uarg_mem(a, regs, size);
	else
		v = a->disp;		/* SONDE_UARG_CONST */
	v <<= sh;
	return a->size < 0 ? (u64)((s64)v >> sh) : v >> sh;
}

static bool sonde_usite_mine(const struct sonde_usite *s)
{
	return !s->mm || current->mm == s->mm;
}

static int sonde_uprobe_handler(SONDE_UPROBE_HANDLER_ARGS)
{
	struct sonde_usite *s = container_of(uc, struct sonde_usite, uc);
	struct sonde_fire f __uninitialized;

	/*
	 * Another process: a child that inherited the target's patched
	 * text by fork.  Ask for the trap (and the semaphore count) to be
	 * taken out of its address space; the kernel does so only if no
	 * other consumer of this site wants it.
	 */
	if (!sonde_usite_mine(s))
		return UPROBE_HANDLER_REMOVE;
	sonde_fire_init(&f, regs);
	/* each argument is read at its first use (sonde_uprobe_arg()) */
	f.usite = s;
	f.lazy = (1u << s->nargs) - 1;
	sonde_probe_fire(s->up->probe, NULL, &f);
	return 0;
}

/**
 * sonde_uprobe_arg() - evaluate a user probe's argument at its first use
 * @f: a firing of sonde_uprobe_handler(), @n's bit set in @f->lazy
 * @n: the argument
 *
 * The registers are the ones saved at the trap, so the value is the one
 * the probe site had; a memory operand is read now, within the firing.
 *
 * Context: probe context (sonde_env_builtin()).
 */
void sonde_uprobe_arg(struct sonde_fire *f, u32 n)
{
	f->args[n] = sonde_uarg_eval(&f->usite->args[n], f->regs);
	f->lazy &= ~(1u << n);
}

static int sonde_uretprobe_handler(SONDE_URETPROBE_HANDLER_ARGS)
{
	struct sonde_usite *s = container_of(uc, struct sonde_usite, uc);
	struct sonde_fire f __uninitialized;

	if (!sonde_usite_mine(s))
		return 0;
	sonde_fire_init(&f, regs);
	/* the kernel has already set ip to the address returned to */
	f.args[0] = instruction_pointer(regs);
	f.args[1] = regs_return_value(regs);
	sonde_probe_fire(s->up->probe, NULL, &f);
	return 0;
}

/* Install the trap only in the target's address space. */
static bool sonde_uprobe_filter(SONDE_UPROBE_FILTER_ARGS)
{
	struct sonde_usite *s = container_of(uc, struct sonde_usite, uc);

	return !s->mm || mm == s->mm;
}

/* ---- arming (sonde_lock held) -------------------------------------- */

/*
 * When this returns no handler of @p's runs any more: the sites are
 * unregistered and, where the kernel unregisters lazily (6.12 on), one
 * sync waits for the handlers of all of them.
 */
static void sonde_uprobe_disable(struct sonde_probe *p)
{
	struct sonde_uprobe_k *up = (struct sonde_uprobe_k *)p->data;
	struct sonde_usite *s;
	bool any = false;

	list_for_each_entry(s, &up->sites, link) {
		if (!s->registered)
			continue;
		sonde_compat_uprobe_unregister(&s->reg, &s->uc);
		s->registered = false;
		any = true;
	}
	if (any)
		sonde_compat_uprobe_sync();
}

static int sonde_uprobe_enable(struct sonde_probe *p)
{
	struct sonde_uprobe_k *up = (struct sonde_uprobe_k *)p->data;
	struct sonde_usite *s;
	int err;

	list_for_each_entry(s, &up->sites, link) {
		err = sonde_compat_uprobe_register(&s->reg, s->inode,
						   s->offset, s->refctr,
						   &s->uc);
		if (err) {
			pr_warn("sonde: cannot arm %s:%s:%s:%s at %pd+%#llx: error %d\n",
				up->prov, up->mod, up->func, up->name,
				s->path.dentry,
				(unsigned long long)s->offset, err);
			sonde_uprobe_disable(p);
			return err;
		}
		s->registered = true;
	}
	return 0;
}

static void sonde_usite_free(struct sonde_usite *s)
{
	path_put(&s->path);
	if (s->mm)
		mmdrop(s->mm);
	kfree(s);
}

static void sonde_uprobe_destroy(struct sonde_probe *p)
{
	struct sonde_uprobe_k *up = (struct sonde_uprobe_k *)p->data;
	struct sonde_usite *s, *n;

	list_for_each_entry_safe(s, n, &up->sites, link) {
		WARN_ON_ONCE(s->registered);
		sonde_usite_free(s);
	}
	list_del(&up->plink);
	kfree(up);
}

const struct sonde_provider sonde_uprobe_provider = {
	.name = "uprobe",		/* probes carry their own names */
	.enable = sonde_uprobe_enable,
	.disable = sonde_uprobe_disable,
	.destroy = sonde_uprobe_destroy,
};

/* ---- creation (SONDE_IOC_UPROBE) ----------------------------------- */

static bool sonde_ureg_ok(u8 r, bool none_ok)
{
	return r < SONDE_NUREGS || (none_ok && r == SONDE_UREG_NONE);
}

static int sonde_uarg_check(const struct sonde_uarg *a)
{
	switch (a->size) {
	case 1: case 2: case 4: case 8: case -1: case -2: case -4: case -8:
		break;
	default:
		return -EINVAL;
	}
	if (memchr_inv(a->reserved, 0, sizeof(a->reserved)))
		return -EINVAL;
	switch (a->kind) {
	case SONDE_UARG_CONST:
		if (a->base || a->index || a->scale)
			return -EINVAL;
		return 0;
	case SONDE_UARG_REG:
		if (!sonde_ureg_ok(a->base, false) || a->index || a->scale ||
		    a->disp)
			return -EINVAL;
		return 0;
	case SONDE_UARG_MEM:
		if (!sonde_ureg_ok(a->base, true) ||
		    !sonde_ureg_ok(a->index, true))
			return -EINVAL;
		if (a->index == SONDE_UREG_NONE ? a->scale != 0 :
		    (a->scale != 1 && a->scale != 2 && a->scale != 4 &&
		     a->scale != 8))
			return -EINVAL;
		return 0;
	}
	return -EINVAL;
}

/* A name field: NUL-terminated, not empty, printable, no glob syntax. */
static int sonde_uname_check(const char *f, size_t size)
{
	size_t i, n = strnlen(f, size);

	if (n == 0 || n == size)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		if (f[i] <= ' ' || f[i] > '~' || strchr("*?[]\\:", f[i]))
			return -EINVAL;
	}
	return 0;
}

static int sonde_uprobe_check(const struct sonde_uprobe *req)
{
	const struct sonde_probe_desc *d = &req->desc;
	u32 i;

	if (req->flags & ~(SONDE_UPROBE_RETURN | SONDE_UPROBE_FUNC_ENTRY) ||
	    req->flags == (SONDE_UPROBE_RETURN | SONDE_UPROBE_FUNC_ENTRY) ||
	    memchr_inv(req->reserved, 0, sizeof(req->reserved)) ||
	    req->nargs > SONDE_UPROBE_MAX_ARGS || req->pid < 0 ||
	    ((req->flags & SONDE_UPROBE_RETURN) && req->nargs) || !req->path)
		return -EINVAL;
	for (i = 0; i < req->nargs; i++) {
		if (sonde_uarg_check(&req->args[i]))
			return -EINVAL;
	}
	if (sonde_uname_check(d->provider, sizeof(d->provider)) ||
	    sonde_uname_check(d->module, sizeof(d->module)) ||
	    sonde_uname_check(d->function, sizeof(d->function)) ||
	    sonde_uname_check(d->name, sizeof(d->name)))
		return -EINVAL;
	if (sonde_provider_named(d->provider))
		return -EINVAL;
	return 0;
}

/* The address space of process @pid, mmgrab'd. */
static struct mm_struct *sonde_pid_mm(pid_t nr)
{
	struct task_struct *task;
	struct mm_struct *mm;
	struct pid *pid;

	pid = find_get_pid(nr);
	if (!pid)
		return ERR_PTR(-ESRCH);
	task = get_pid_task(pid, PIDTYPE_TGID);
	put_pid(pid);
	if (!task)
		return ERR_PTR(-ESRCH);
	mm = get_task_mm(task);
	put_task_struct(task);
	if (!mm)
		return ERR_PTR(-ESRCH);	/* a kernel thread, or exiting */
	mmgrab(mm);
	mmput(mm);
	return mm;
}

static bool sonde_usite_same(const struct sonde_usite *a,
			     const struct sonde_usite *b)
{
	return a->inode == b->inode && a->offset == b->offset &&
	       a->refctr == b->refctr && a->mm == b->mm &&
	       a->nargs == b->nargs &&
	       !memcmp(a->args, b->args, sizeof(a->args));
}

static struct sonde_uprobe_k *sonde_uprobe_find(struct sonde_state *st,
						const struct sonde_probe_desc *d)
{
	struct sonde_uprobe_k *up;

	list_for_each_entry(up, &st->uprobes, plink) {
		if (!strcmp(up->name, d->name) && !strcmp(up->func, d->function) &&
		    !strcmp(up->mod, d->module) && !strcmp(up->prov, d->provider))
			return up;
	}
	return NULL;
}

/* A site from the request: its file, its process, its arguments. */
static struct sonde_usite *sonde_usite_new(const struct sonde_uprobe *req)
{
	struct sonde_usite *s;
	char *name;
	loff_t size;
	int err;

	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return ERR_PTR(-ENOMEM);
	name = strndup_user(u64_to_user_ptr(req->path), PATH_MAX);
	if (IS_ERR(name)) {
		err = PTR_ERR(name);
		goto out_free;
	}
	err = kern_path(name, LOOKUP_FOLLOW, &s->path);
	kfree(name);
	if (err)
		goto out_free;
	s->inode = d_real_inode(s->path.dentry);
	err = -EACCES;
	if (!S_ISREG(s->inode->i_mode))
		goto out_path;
	size = i_size_read(s->inode);
	err = -EINVAL;
	if (req->offset >= size || req->refctr >= size || (req->refctr & 1))
		goto out_path;
	if (req->pid) {
		s->mm = sonde_pid_mm(req->pid);
		if (IS_ERR(s->mm)) {
			err = PTR_ERR(s->mm);
			s->mm = NULL;
			goto out_path;
		}
	}
	s->offset = req->offset;
	s->refctr = req->refctr;
	s->nargs = req->nargs;
	memcpy(s->args, req->args, sizeof(s->args));
	if (req->flags & SONDE_UPROBE_RETURN)
		s->uc.ret_handler = sonde_uretprobe_handler;
	else
		s->uc.handler = sonde_uprobe_handler;
	if (s->mm)
		s->uc.filter = sonde_uprobe_filter;
	return s;

out_path:
	path_put(&s->path);
out_free:
	kfree(s);
	return ERR_PTR(err);
}

/**
 * sonde_uprobe_create() - SONDE_IOC_UPROBE: a user probe at a file offset
 * @st: the consumer state that owns it
 * @req: the file, offset, semaphore, names and argument specs; the
 *       probe's id out
 *
 * A second request for the same site returns the same probe.  The probe
 * lives as long as its owner's file.
 *
 * Context: process context, may sleep.
 * Return: 0, -EINVAL, -EEXIST, -ENOENT, -EACCES, -ESRCH, -ENOMEM,
 * -EOPNOTSUPP without uprobes.
 */
int sonde_uprobe_create(struct sonde_state *st, struct sonde_uprobe *req)
{
	struct sonde_uprobe_k *up, *nup = NULL;
	struct sonde_usite *s, *o;
	struct sonde_probe *p;
	int err;

	err = sonde_uprobe_check(req);
	if (err)
		return err;
	s = sonde_usite_new(req);
	if (IS_ERR(s))
		return PTR_ERR(s);

	mutex_lock(&sonde_lock);
	up = sonde_uprobe_find(st, &req->desc);
	if (up) {
		err = -EEXIST;
		if (up->flags != req->flags)
			goto out_unlock;
		list_for_each_entry(o, &up->sites, link) {
			if (sonde_usite_same(o, s)) {
				req->id = up->probe->id;
				err = 0;
				goto out_unlock;
			}
		}
		/* an armed probe's sites are registered: they stay as they
		 * are; new probes (an object mapped later) may come at any
		 * time, armed by SONDE_IOC_ENABLE */
		err = -EBUSY;
		if (up->probe->nenabled)
			goto out_unlock;
	}
	err = -ENOSPC;
	if (st->nusites >= SONDE_UPROBE_MAX)
		goto out_unlock;
	if (!up) {
		err = -ENOMEM;
		nup = kzalloc(sizeof(*nup), GFP_KERNEL);
		if (!nup)
			goto out_unlock;
		INIT_LIST_HEAD(&nup->sites);
		nup->flags = req->flags;
		strscpy(nup->prov, req->desc.provider, sizeof(nup->prov));
		strscpy(nup->mod, req->desc.module, sizeof(nup->mod));
		strscpy(nup->func, req->desc.function, sizeof(nup->func));
		strscpy(nup->name, req->desc.name, sizeof(nup->name));
		p = sonde_probe_create(&sonde_uprobe_provider, nup->mod,
				       nup->func, nup->name,
				       req->flags & SONDE_UPROBE_RETURN ? 2 :
				       req->nargs, (unsigned long)nup);
		if (IS_ERR(p)) {
			err = PTR_ERR(p);
			kfree(nup);
			goto out_unlock;
		}
		p->provname = nup->prov;
		p->owner = st;
		nup->probe = p;
		list_add_tail(&nup->plink, &st->uprobes);
		up = nup;
	} else if (req->nargs > up->probe->nargs) {
		up->probe->nargs = req->nargs;
	}
	s->up = up;
	list_add_tail(&s->link, &up->sites);
	st->nusites++;
	req->id = up->probe->id;
	mutex_unlock(&sonde_lock);
	return 0;

out_unlock:
	mutex_unlock(&sonde_lock);
	sonde_usite_free(s);
	return err;
}

/**
 * sonde_uprobes_destroy() - free the user probes of @st
 * @st: the owner, going away, its enablings already disarmed and synced
 *
 * Context: process context (release).
 */
void sonde_uprobes_destroy(struct sonde_state *st)
{
	struct sonde_uprobe_k *up, *n;

	mutex_lock(&sonde_lock);
	list_for_each_entry_safe(up, n, &st->uprobes, plink)
		sonde_probe_destroy(up->probe);
	st->nusites = 0;
	mutex_unlock(&sonde_lock);
}

/**
 * sonde_uprobe_func_entry() - does @p fire at a function's first instruction
 * @p: a probe
 *
 * Context: probe context.
 * Return: true for a pid provider entry probe.
 */
bool sonde_uprobe_func_entry(const struct sonde_probe *p)
{
	const struct sonde_uprobe_k *up = (const void *)p->data;

	return p->prov == &sonde_uprobe_provider &&
	       (up->flags & SONDE_UPROBE_FUNC_ENTRY);
}

/* ---- rendezvous at the dynamic linker (SONDE_IOC_RDV) -------------- */

/*
 * A state's rendezvous: threads that reach one count themselves in
 * @arrived and wait on @wq until @seen reaches their number or @closed
 * (STOP, the deadman, release).
 */
struct sonde_rdvs {
	struct list_head list;		/* struct sonde_rdv_k */
	u32 n;
	wait_queue_head_t wq;
	atomic64_t arrived;
	u64 seen;
	bool closed;
};

/* A uprobe at one process's _dl_debug_state(): not a probe of D's. */
struct sonde_rdv_k {
	struct uprobe_consumer uc;
	struct list_head link;		/* on its state's rdv->list */
	struct sonde_state *st;
	struct path path;
	struct inode *inode;
	loff_t offset;
	struct mm_struct *mm;		/* mmgrab'd */
	struct sonde_compat_uprobe reg;
};

/*
 * The traced thread, in its own context after its int3 (preemptible,
 * interrupts on, may sleep: no firing, no probe context).  It waits
 * until its consumer has made and enabled the probes of what the dynamic
 * linker has just mapped, or the consumer is gone, stopped, or a signal
 * kills it; at most SONDE_RDV_WAIT_MS.  The state outlives the wait:
 * sonde_rdvs_destroy() wakes everyone before it unregisters, and
 * unregistering waits for the handlers.
 */
static int sonde_rdv_handler(SONDE_UPROBE_HANDLER_ARGS)
{
	struct sonde_rdv_k *r = container_of(uc, struct sonde_rdv_k, uc);
	struct sonde_rdvs *rv = r->st->rdv;
	u64 n;

	if (current->mm != r->mm)
		return UPROBE_HANDLER_REMOVE;	/* a forked child */
	n = atomic64_inc_return(&rv->arrived);
	wait_event_killable_timeout(rv->wq,
				    READ_ONCE(rv->seen) >= n ||
				    READ_ONCE(rv->closed),
				    msecs_to_jiffies(SONDE_RDV_WAIT_MS));
	return 0;
}

static bool sonde_rdv_filter(SONDE_UPROBE_FILTER_ARGS)
{
	struct sonde_rdv_k *r = container_of(uc, struct sonde_rdv_k, uc);

	return mm == r->mm;
}

static int sonde_rdv_add(struct sonde_state *st, struct sonde_rdv *req)
{
	struct sonde_rdv_k *r;
	char *name;
	int err;

	if (!req->path || req->pid <= 0 || req->seen)
		return -EINVAL;
	if (st->activity == SONDE_ACT_INACTIVE || st->rdv->closed)
		return -EBUSY;
	if (st->rdv->n >= SONDE_RDV_MAX)
		return -ENOSPC;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	name = strndup_user(u64_to_user_ptr(req->path), PATH_MAX);
	if (IS_ERR(name)) {
		err = PTR_ERR(name);
		goto out_free;
	}
	err = kern_path(name, LOOKUP_FOLLOW, &r->path);
	kfree(name);
	if (err)
		goto out_free;
	r->inode = d_real_inode(r->path.dentry);
	err = -EACCES;
	if (!S_ISREG(r->inode->i_mode))
		goto out_path;
	err = -EINVAL;
	if (req->offset >= i_size_read(r->inode))
		goto out_path;
	r->mm = sonde_pid_mm(req->pid);
	if (IS_ERR(r->mm)) {
		err = PTR_ERR(r->mm);
		goto out_path;
	}
	r->st = st;
	r->offset = req->offset;
	r->uc.handler = sonde_rdv_handler;
	r->uc.filter = sonde_rdv_filter;
	mutex_lock(&sonde_lock);
	err = sonde_compat_uprobe_register(&r->reg, r->inode, r->offset, 0,
					   &r->uc);
	if (!err) {
		list_add_tail(&r->link, &st->rdv->list);
		st->rdv->n++;
	}
	mutex_unlock(&sonde_lock);
	if (!err)
		return 0;
	mmdrop(r->mm);
out_path:
	path_put(&r->path);
out_free:
	kfree(r);
	return err;
}

/**
 * sonde_rdv_ioctl() - SONDE_IOC_RDV: place a rendezvous, or let go the
 * threads waiting at them
 * @st: the consumer state
 * @req: SONDE_RDV_ADD's file, offset and process, or SONDE_RDV_SEEN's
 *       count; the arrivals so far out
 *
 * Context: process context, @st->lock held, may sleep.
 * Return: 0, -EINVAL, -EBUSY, -ENOSPC, -ENOENT, -EACCES, -ESRCH, -ENOMEM,
 * -EOPNOTSUPP without uprobes.
 */
int sonde_rdv_ioctl(struct sonde_state *st, struct sonde_rdv *req)
{
	struct sonde_rdvs *rv = st->rdv;
	int err = 0;

	if (memchr_inv(req->reserved, 0, sizeof(req->reserved)) ||
	    req->arrived)
		return -EINVAL;
	if (!rv) {
		rv = kzalloc(sizeof(*rv), GFP_KERNEL);
		if (!rv)
			return -ENOMEM;
		INIT_LIST_HEAD(&rv->list);
		init_waitqueue_head(&rv->wq);
		atomic64_set(&rv->arrived, 0);
		/* handlers read it only once a rendezvous is placed */
		st->rdv = rv;
	}
	switch (req->op) {
	case SONDE_RDV_ADD:
		err = sonde_rdv_add(st, req);
		break;
	case SONDE_RDV_SEEN:
		if (req->path || req->offset || req->pid ||
		    req->seen > (u64)atomic64_read(&rv->arrived))
			return -EINVAL;
		if (req->seen > rv->seen) {
			WRITE_ONCE(rv->seen, req->seen);
			wake_up_all(&rv->wq);
		}
		break;
	default:
		return -EINVAL;
	}
	req->arrived = atomic64_read(&rv->arrived);
	return err;
}

/**
 * sonde_rdvs_close() - nobody waits at @st's rendezvous any more
 * @st: a state that stopped tracing (or was aborted)
 *
 * Context: any process context; no lock needed.
 */
void sonde_rdvs_close(struct sonde_state *st)
{
	if (!st->rdv)
		return;
	WRITE_ONCE(st->rdv->closed, true);
	wake_up_all(&st->rdv->wq);
}

/**
 * sonde_rdvs_destroy() - take away @st's rendezvous
 * @st: the state of a file being released
 *
 * Waiting threads are woken first, so unregistering (which waits for
 * running handlers) cannot wait for them long.
 *
 * Context: process context (release), may sleep.
 */
void sonde_rdvs_destroy(struct sonde_state *st)
{
	struct sonde_rdv_k *r, *n;

	if (!st->rdv)
		return;
	sonde_rdvs_close(st);
	if (!list_empty(&st->rdv->list)) {
		mutex_lock(&sonde_lock);
		list_for_each_entry(r, &st->rdv->list, link)
			sonde_compat_uprobe_unregister(&r->reg, &r->uc);
		sonde_compat_uprobe_sync();
		mutex_unlock(&sonde_lock);
	}
	list_for_each_entry_safe(r, n, &st->rdv->list, link) {
		list_del(&r->link);
		mmdrop(r->mm);
		path_put(&r->path);
		kfree(r);
	}
	kfree(st->rdv);
	st->rdv = NULL;
}

#else /* !SONDE_HAVE_UPROBES: see compat.h */

bool sonde_uprobe_func_entry(const struct sonde_probe *p)
{
	return false;
}

int sonde_uprobe_create(struct sonde_state *st, struct sonde_uprobe *req)
{
	return -EOPNOTSUPP;
}

void sonde_uprobes_destroy(struct sonde_state *st)
{
}

int sonde_rdv_ioctl(struct sonde_state *st, struct sonde_rdv *req)
{
	return -EOPNOTSUPP;
}

void sonde_rdvs_close(struct sonde_state *st)
{
}

void sonde_rdvs_destroy(struct sonde_state *st)
{
}

#endif /* SONDE_HAVE_UPROBES */
