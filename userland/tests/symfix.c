// SPDX-License-Identifier: GPL-2.0
/*
 * symfix.c - the process test_syms names: a static (local) function no
 * .dynsym holds, so only a .symtab (its own, a debug file's, or
 * MiniDebugInfo's) names it.  Prints the function's address, then waits
 * for its standard input to close.  Built unstripped and in stripped
 * variants with their debug files by userland/tests/build.mk.
 */
#include <stdio.h>
#include <unistd.h>

#ifdef SYMFIX_OTHER
/* another build of it: another build-id */
const char symfix_other[] = "another build";
#endif

static __attribute__((noinline)) int fix_leaf(int fd)
{
	char c;

	return (int)read(fd, &c, 1);
}

int main(void)
{
	printf("%p\n", (void *)fix_leaf);
	fflush(stdout);
	while (fix_leaf(0) > 0)
		;
	return 0;
}
