/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vm_asm.h - the assembler's interface (userland only: tests, fuzzer seeds).
 */
#ifndef _SONDE_VM_ASM_H
#define _SONDE_VM_ASM_H

#include "vm.h"

/* Tables the assembler appends constants and strings to. */
struct sonde_asm {
	u64 *consts;
	u32 nconsts, max_consts;
	char *strtab;
	u32 strtab_len, max_strtab;
};

/*
 * Assemble one line.  Returns 0 with *@in filled, 1 for a blank or comment
 * line, -1 with a message in @err.
 */
int sonde_asm_line(struct sonde_asm *a, const char *line,
		   struct sonde_insn *in, char *err, size_t errsz);

#endif /* _SONDE_VM_ASM_H */
