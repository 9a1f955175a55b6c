/* DTrace's lock subroutines, defined by the D library (lockstat.d) over
 * Linux's struct mutex and rwlock_t: each call expands to its inline */
fbt::vfs_read:entry
{
	@[mutex_owned((struct mutex *)arg0), mutex_type_adaptive(0),
	    mutex_type_spin(0)] = count();
	trace(mutex_owner((struct mutex *)arg0) == curthread);
	trace(rw_read_held(arg1) + rw_write_held(arg1) + rw_iswriter(arg1));
}
