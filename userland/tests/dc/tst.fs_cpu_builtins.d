/* cwd, root (strings), curcpu (the D library's cpuinfo_t *), pset, chip
 * and lgrp (sched.d's inlines), d_path() of a struct path */
syscall::openat:entry
{
	printf("%s %s %d %d %d %d %d\n", cwd, root, curcpu->cpu_id,
	    curcpu->cpu_lgrp, pset, chip, lgrp);
	trace(d_path(&curthread->fs->pwd));
	@[cwd, curcpu->cpu_chip] = count();
}
