/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * procfs.d - psinfo_t and lwpsinfo_t, DTrace's stable views of a process
 * and a thread, translated from the Linux kernel's struct task_struct;
 * curpsinfo and curlwpsinfo; the process and thread state constants.
 * Part of sonde's D library (loaded before every program; `sonde -L`
 * adds directories of such files).  The kernel types come from its BTF,
 * read only when a program uses one of these.
 *
 * Linux has one task per thread: a process is its thread group, whose
 * id is the leader's pid (tgid).  Members the kernel has no counterpart
 * for are constants (pr_nlwp 1, pr_taskid 0...) or not translated (using
 * them is D_XLATE_NOCONV).
 */

typedef id_t taskid_t;
typedef id_t projid_t;
typedef id_t poolid_t;
typedef id_t ctid_t;

typedef struct timestruc {
	time_t tv_sec;
	long tv_nsec;
} timestruc_t;

typedef struct lwpsinfo {
	int pr_flag;			/* thread flags */
	id_t pr_lwpid;			/* thread id */
	uintptr_t pr_addr;		/* the struct task_struct */
	uintptr_t pr_wchan;		/* wait address */
	char pr_stype;			/* synchronization event type */
	char pr_state;			/* numeric thread state (SSLEEP..) */
	char pr_sname;			/* printable state: S R Z T W */
	char pr_nice;			/* nice */
	short pr_syscall;		/* system call number */
	char pr_oldpri;			/* pre-SVR4 priority */
	char pr_cpu;			/* pre-SVR4 CPU usage */
	int pr_pri;			/* priority */
	ushort_t pr_pctcpu;		/* % of recent CPU time */
	ushort_t pr_pad;
	timestruc_t pr_start;		/* start time */
	timestruc_t pr_time;		/* CPU time */
	char pr_clname[8];		/* scheduling class */
	char pr_name[16];		/* name (the command) */
	processorid_t pr_onpro;		/* CPU it last ran on */
	processorid_t pr_bindpro;	/* CPU it is bound to */
	psetid_t pr_bindpset;		/* processor set */
	int pr_lgrp;			/* home locality group */
} lwpsinfo_t;

typedef struct psinfo {
	int pr_flag;			/* process flags */
	int pr_nlwp;			/* threads */
	pid_t pr_pid;			/* process id */
	pid_t pr_ppid;			/* parent's process id */
	pid_t pr_pgid;			/* process group */
	pid_t pr_sid;			/* session */
	uid_t pr_uid;			/* real user id */
	uid_t pr_euid;			/* effective user id */
	gid_t pr_gid;			/* real group id */
	gid_t pr_egid;			/* effective group id */
	uintptr_t pr_addr;		/* the struct task_struct */
	size_t pr_size;			/* image size, KB */
	size_t pr_rssize;		/* resident set size, KB */
	dev_t pr_ttydev;		/* controlling tty */
	ushort_t pr_pctcpu;		/* % of recent CPU time */
	ushort_t pr_pctmem;		/* % of memory */
	timestruc_t pr_start;		/* start time */
	timestruc_t pr_time;		/* CPU time */
	timestruc_t pr_ctime;		/* children's CPU time */
	char pr_fname[16];		/* the executable's name */
	char pr_psargs[80];		/* the arguments, as ps shows them */
	int pr_wstat;			/* a zombie's wait status */
	int pr_argc;			/* argument count */
	uintptr_t pr_argv;		/* the argument vector */
	uintptr_t pr_envp;		/* the environment */
	char pr_dmodel;			/* data model */
	taskid_t pr_taskid;		/* task id */
	projid_t pr_projid;		/* project id */
	int pr_nzomb;			/* zombie threads */
	poolid_t pr_poolid;		/* pool id */
	zoneid_t pr_zoneid;		/* zone id */
	id_t pr_contract;		/* contract */
	lwpsinfo_t pr_lwp;		/* the representative thread */
} psinfo_t;

inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

/* the kernel's enum pid_type, for the process group and session */
inline int PIDTYPE_PGID = 2;
inline int PIDTYPE_SID = 3;

/* pr_state */
inline char SSLEEP = 1;
inline char SRUN = 2;
inline char SZOMB = 3;
inline char SSTOP = 4;
inline char SIDL = 5;
inline char SONPROC = 6;
inline char SWAIT = 7;

/* the kernel's task states (include/linux/sched.h) */
inline unsigned int __TASK_INTERRUPTIBLE = 0x0001;
inline unsigned int __TASK_UNINTERRUPTIBLE = 0x0002;
inline unsigned int __TASK_STOPPED = 0x0004;
inline unsigned int __TASK_TRACED = 0x0008;
inline unsigned int __EXIT_DEAD = 0x0010;
inline unsigned int __EXIT_ZOMBIE = 0x0020;

/* PRARGSZ: pr_psargs holds at most this many characters */
inline int __PRARGSZ = 80;

translator psinfo_t < struct task_struct *T > {
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[PIDTYPE_PGID]->numbers[0].nr;
	pr_sid = T->signal->pids[PIDTYPE_SID]->numbers[0].nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_fname = T->comm;
	/* the arguments live in the process's own memory: readable only
	 * while it is the one running (proc:::exec-success, curpsinfo) */
	pr_psargs = T != curthread || T->mm == 0 ? stringof(T->comm) :
	    __sonde_uargs(T->mm->arg_start,
	    T->mm->arg_end - T->mm->arg_start > __PRARGSZ - 1 ?
	    __PRARGSZ - 1 : T->mm->arg_end - T->mm->arg_start);
	pr_wstat = T->exit_code;
	pr_dmodel = PR_MODEL_LP64;
	pr_taskid = 0;
	pr_projid = 0;
	pr_nzomb = 0;
	pr_poolid = 0;
	pr_zoneid = 0;
	pr_contract = 0;
};

translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = 0;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_wchan = 0;
	pr_stype = 0;
	pr_state = (T->__state & (__TASK_INTERRUPTIBLE | __TASK_UNINTERRUPTIBLE)) ?
	    SSLEEP : (T->__state & (__TASK_STOPPED | __TASK_TRACED)) ? SSTOP :
	    (T->__state & (__EXIT_DEAD | __EXIT_ZOMBIE)) ? SZOMB :
	    T == curthread ? SONPROC : SRUN;
	pr_sname = (T->__state & (__TASK_INTERRUPTIBLE | __TASK_UNINTERRUPTIBLE)) ?
	    'S' : (T->__state & (__TASK_STOPPED | __TASK_TRACED)) ? 'T' :
	    (T->__state & (__EXIT_DEAD | __EXIT_ZOMBIE)) ? 'Z' :
	    T == curthread ? 'O' : 'R';
	pr_pri = T->prio;
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
	pr_bindpro = -1;
	pr_bindpset = -1;
	pr_lgrp = 0;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);

/*
 * execargs, Oracle's DTrace for Linux's built-in: the current process's
 * arguments as one string (its memory from mm->arg_start to arg_end,
 * the NULs between them spaces, at most strsize - 1 bytes); "" in a
 * kernel thread, which has none.
 */
inline string execargs = curthread->mm == 0 ? "" :
    __sonde_uargs(curthread->mm->arg_start,
    curthread->mm->arg_end - curthread->mm->arg_start);
