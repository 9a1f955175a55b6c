/*
 * ustack() from a profile probe in code built without frame pointers:
 * the tick lands anywhere in spin() (prologue, loop, epilogue: each its
 * own CFA rule) and every sample's stack is whole, main -> alpha_spin
 * -> beta_spin -> spin and libc's start below, 7 frames: the fewest and
 * the most a sample had are both 7.  Samples elsewhere (the dynamic
 * linker, exit) are left out by the post-processor.
 */
/* @@runtest-opts: -c 'cfi-prog spin 20' */
/* @@timeout: 120 */

#pragma D option quiet

profile-997
/pid == $target && arg1 != 0/
{
	@lo[ufunc(arg1)] = min(ustackdepth);
	@hi[ufunc(arg1)] = max(ustackdepth);
}

END
{
	printa("%A %@d %@d\n", @lo, @hi);
}
