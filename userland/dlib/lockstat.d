/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * lockstat.d - the constants of the lockstat provider's arguments:
 * rw-acquire, rw-release and rw-spin say in their last argument whether
 * the reader/writer lock (a Linux rwlock_t) was taken for reading or for
 * writing, with DTrace's values.  Part of sonde's D library.
 */

inline int RW_WRITER = 0x00;
inline int RW_READER = 0x01;

/*
 * The lock subroutines of DTrace, as Oracle's DTrace for Linux computes
 * them (the compiler's mutex_owned() ... expand these; the lock is read
 * through fault-safe loads).  A mutex's owner is its task, the low three
 * bits of the owner word flags; every Linux mutex is adaptive.  A
 * rwlock_t begins with its queued rwlock (struct qrwlock), whose count
 * holds the readers above bit 9, a waiting writer in bit 8 and the
 * writer's lock in the low byte.  As in Oracle's,
 * the rwlock results are those bits, not 0 or 1.  (counter, the atomic
 * types' member, is a D keyword: the words are read through a cast.)
 */
inline int __sonde_mutex_owned[struct mutex *m] =
    (*(long *)&m->owner & ~7L) == (long)curthread;
inline struct task_struct *__sonde_mutex_owner[struct mutex *m] =
    (struct task_struct *)(*(long *)&m->owner & ~7L);
inline int __sonde_mutex_type_adaptive[struct mutex *m] = 1;
inline int __sonde_mutex_type_spin[struct mutex *m] = 0;
inline int __sonde_rw_read_held[void *l] =
    *(int *)&((struct qrwlock *)l)->cnts & ~0x1ff;
inline int __sonde_rw_write_held[void *l] =
    *(int *)&((struct qrwlock *)l)->cnts & 0xff;
inline int __sonde_rw_iswriter[void *l] =
    *(int *)&((struct qrwlock *)l)->cnts & 0x1ff;
