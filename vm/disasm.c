// SPDX-License-Identifier: GPL-2.0
/*
 * disasm.c - one instruction to text, in the assembly syntax of the test
 * corpus.  Writes into a caller's buffer (no printing, no allocation), so
 * it serves the compiler's -S, the tests and, if ever wanted, the kernel.
 */
#include "vm_impl.h"

int sonde_disasm(const struct sonde_insn *in, u32 pc, const char *strtab,
		 u32 strtab_len, char *buf, u32 size)
{
	const char *name = sonde_op_name(in->op);
	int form = sonde_op_form(in->op);
	char lname[16];
	u32 i;

	if (!name)
		return snprintf(buf, size, ".byte 0x%02x, %u, %u, %u, %d",
				in->op, in->rd, in->rs, in->rt, in->imm);
	for (i = 0; name[i] && i < sizeof(lname) - 1; i++)
		lname[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ?
				  name[i] - 'A' + 'a' : name[i]);
	lname[i] = 0;

	switch (form) {
	case SONDE_FORM_NONE:
		return snprintf(buf, size, "%s", lname);
	case SONDE_FORM_S:
		return snprintf(buf, size, "%s r%u", lname, in->rs);
	case SONDE_FORM_DI:
		return snprintf(buf, size, "%s r%u, %d", lname, in->rd,
				in->imm);
	case SONDE_FORM_DC:
		return snprintf(buf, size, "%s r%u, #%d", lname, in->rd,
				in->imm);
	case SONDE_FORM_DSTR:
		if (in->imm == SONDE_LDS_NULL)
			return snprintf(buf, size, "%s r%u, NULL", lname,
					in->rd);
		if (in->imm >= 0 && (u32)in->imm < strtab_len && strtab)
			return snprintf(buf, size, "%s r%u, \"%s\"", lname,
					in->rd, strtab + in->imm);
		return snprintf(buf, size, "%s r%u, str+%d", lname, in->rd,
				in->imm);
	case SONDE_FORM_DB: {
		const char *b = in->imm >= 0 ? sonde_builtin_name(in->imm) : NULL;

		if (b)
			return snprintf(buf, size, "%s r%u, %s", lname,
					in->rd, b);
		return snprintf(buf, size, "%s r%u, %d", lname, in->rd,
				in->imm);
	}
	case SONDE_FORM_DS:
		return snprintf(buf, size, "%s r%u, r%u", lname, in->rd,
				in->rs);
	case SONDE_FORM_DST:
		return snprintf(buf, size, "%s r%u, r%u, r%u", lname, in->rd,
				in->rs, in->rt);
	case SONDE_FORM_J:
		return snprintf(buf, size, "%s +%d\t\t; -> %u", lname,
				in->imm, pc + 1 + in->imm);
	case SONDE_FORM_SJ:
		return snprintf(buf, size, "%s r%u, +%d\t; -> %u", lname,
				in->rs, in->imm, pc + 1 + in->imm);
	case SONDE_FORM_DSI:
		return snprintf(buf, size, "%s r%u, [r%u%+d]", lname, in->rd,
				in->rs, in->imm);
	case SONDE_FORM_SO:
		return snprintf(buf, size, "%s r%u, %d", lname, in->rs,
				in->imm);
	case SONDE_FORM_SSI:
		return snprintf(buf, size, "%s [r%u%+d], r%u", lname, in->rs,
				in->imm, in->rt);
	case SONDE_FORM_AGG:
		return snprintf(buf, size, "%s @%d, r%u, r%u", lname, in->imm,
				in->rs, in->rt);
	case SONDE_FORM_DV:
		return snprintf(buf, size, "%s r%u, v%d", lname, in->rd,
				in->imm);
	case SONDE_FORM_SV:
		return snprintf(buf, size, "%s v%d, r%u", lname, in->imm,
				in->rs);
	case SONDE_FORM_SOL:
		return snprintf(buf, size, "%s r%u, %u, %u", lname, in->rs,
				SONDE_SOL_OFF(in->imm), SONDE_SOL_LEN(in->imm));
	case SONDE_FORM_STK:
		return snprintf(buf, size, "%s %d, %u", lname, in->imm, in->rt);
	case SONDE_FORM_JSTK:
		return snprintf(buf, size, "%s %u, %u, %u", lname,
				SONDE_SOL_OFF(in->imm), SONDE_SOL_LEN(in->imm),
				in->rt);
	case SONDE_FORM_DVK:
		return snprintf(buf, size, "%s r%u, v%d, r%u", lname, in->rd,
				in->imm, in->rs);
	case SONDE_FORM_SVK:
		return snprintf(buf, size, "%s v%d, r%u, r%u", lname, in->imm,
				in->rs, in->rt);
	case SONDE_FORM_CALL: {
		const char *sn = in->imm >= 0 ? sonde_subr_name(in->imm) : NULL;

		if (sn)
			return snprintf(buf, size, "%s r%u, %s, r%u, %u", lname,
					in->rd, sn, in->rs, in->rt);
		return snprintf(buf, size, "%s r%u, %d, r%u, %u", lname,
				in->rd, in->imm, in->rs, in->rt);
	}
	}
	return snprintf(buf, size, "%s ?", lname);
}
