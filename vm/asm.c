// SPDX-License-Identifier: GPL-2.0
/*
 * asm.c - the assembler for the VM's textual form (the syntax sonde_disasm()
 * prints), used by the test corpus and fuzzer seeds.  Userland only: it
 * writes into caller-provided tables and never allocates.
 *
 *   movi r1, -5          ldc r2, 0x123456789    lds r3, "text"
 *   ldb r4, pid          add r1, r2, r3         jz r1, +2
 *   ldk8 r1, [r2+16]     emit4 r1, 8            emits r3, 16
 *   agg @0, r1, r2       exit r1                ret r1
 *   emitm r2, 16, 100    (record offset 16, 100 bytes)
 *   ldc r2, #0           lds r3, #6           (a table index as it is)
 *   .byte op, rd, rs, rt, imm                   (raw, for bad programs;
 *                                                op a number or a name)
 *
 * Opcode names come from the opcode table, operands from its form.
 */
#include <ctype.h>
#include <stdlib.h>

#include "vm_impl.h"
#include "vm_asm.h"

static const char *skipws(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static int parse_reg(const char **sp, u8 *reg)
{
	const char *s = skipws(*sp);
	char *end;
	long v;

	if (*s != 'r')
		return -1;
	v = strtol(s + 1, &end, 10);
	if (end == s + 1 || v < 0 || v > 255)
		return -1;
	*reg = (u8)v;
	*sp = end;
	return 0;
}

static int parse_comma(const char **sp)
{
	const char *s = skipws(*sp);

	if (*s != ',')
		return -1;
	*sp = s + 1;
	return 0;
}

static int parse_num(const char **sp, long long *v)
{
	const char *s = skipws(*sp);
	char *end;

	if (*s == '+')
		s++;
	/* negative numbers signed, others unsigned (0xffff... is -1) */
	if (*s == '-')
		*v = strtoll(s, &end, 0);
	else
		*v = (long long)strtoull(s, &end, 0);
	if (end == s)
		return -1;
	*sp = end;
	return 0;
}

static int add_const(struct sonde_asm *a, u64 v)
{
	u32 i;

	for (i = 0; i < a->nconsts; i++)
		if (a->consts[i] == v)
			return (int)i;
	if (a->nconsts >= a->max_consts)
		return -1;
	a->consts[a->nconsts] = v;
	return (int)a->nconsts++;
}

static int add_string(struct sonde_asm *a, const char **sp)
{
	const char *s = skipws(*sp);
	u32 start = a->strtab_len;

	if (*s != '"')
		return -1;
	for (s++; *s && *s != '"'; s++) {
		char c = *s;

		if (c == '\\' && s[1]) {
			s++;
			c = *s == 'n' ? '\n' : *s == 't' ? '\t' :
			    *s == '0' ? '\0' : *s;
		}
		if (a->strtab_len + 2 > a->max_strtab)
			return -1;
		a->strtab[a->strtab_len++] = c;
	}
	if (*s != '"')
		return -1;
	a->strtab[a->strtab_len++] = 0;
	*sp = s + 1;
	return (int)start;
}

static int lookup_op(const char *name, size_t n)
{
	u32 op;

	for (op = 0; op <= SONDE_OP_MAX; op++) {
		const char *on = sonde_op_name(op);
		size_t i;

		if (!on || strlen(on) != n)
			continue;
		for (i = 0; i < n; i++)
			if (tolower((unsigned char)on[i]) != name[i])
				break;
		if (i == n)
			return (int)op;
	}
	return -1;
}

static int lookup_builtin(const char **sp)
{
	const char *s = skipws(*sp);
	size_t n = 0;
	u32 id;

	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	for (id = 0; id < SONDE_B_MAX; id++) {
		const char *bn = sonde_builtin_name(id);

		if (bn && strlen(bn) == n && !strncmp(bn, s, n)) {
			*sp = s + n;
			return (int)id;
		}
	}
	return -1;
}

static int parse_var(const char **sp, s32 *imm)
{
	const char *s = skipws(*sp);
	long long v;

	if (*s != 'v')
		return -1;
	s++;
	if (parse_num(&s, &v))
		return -1;
	*imm = (s32)v;
	*sp = s;
	return 0;
}

static int lookup_subr(const char **sp)
{
	const char *s = skipws(*sp);
	size_t n = 0;
	u32 id;

	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	for (id = 0; id < SONDE_SUBR_MAX; id++) {
		const char *sn = sonde_subr_name(id);

		if (sn && strlen(sn) == n && !strncmp(sn, s, n)) {
			*sp = s + n;
			return (int)id;
		}
	}
	return -1;
}

/*
 * Registers, constants, strings, built-ins, jumps, record and memory offsets.
 * Operands of @form from *@sp into @in: 0 (*@sp moved past them), -1 when
 * they do not parse, 1 when @form is not one of these.
 */
static int asm_operands_regs(struct sonde_asm *a, int form, const char **sp,
			     struct sonde_insn *in)
{
	const char *s = *sp;
	long long v;

	switch (form) {
	case SONDE_FORM_NONE:
		break;
	case SONDE_FORM_S:
		if (parse_reg(&s, &in->rs))
			return -1;
		break;
	case SONDE_FORM_DI:
		if (parse_reg(&s, &in->rd) || parse_comma(&s) ||
		    parse_num(&s, &v))
			return -1;
		in->imm = (s32)v;
		break;
	case SONDE_FORM_DC:
		if (parse_reg(&s, &in->rd) || parse_comma(&s))
			return -1;
		s = skipws(s);
		if (*s == '#') {
			s++;
			if (parse_num(&s, &v))
				return -1;
			in->imm = (s32)v;
		} else {
			if (parse_num(&s, &v))
				return -1;
			in->imm = add_const(a, (u64)v);
			if (in->imm < 0)
				return -1;
		}
		break;
	case SONDE_FORM_DSTR:
		if (parse_reg(&s, &in->rd) || parse_comma(&s))
			return -1;
		s = skipws(s);
		if (*s == '#') {
			s++;
			if (parse_num(&s, &v))
				return -1;
			in->imm = (s32)v;
			break;
		}
		if (!strncmp(s, "NULL", 4)) {
			s += 4;
			in->imm = SONDE_LDS_NULL;
			break;
		}
		in->imm = add_string(a, &s);
		if (in->imm < 0)
			return -1;
		break;
	case SONDE_FORM_DB:
		if (parse_reg(&s, &in->rd) || parse_comma(&s))
			return -1;
		in->imm = lookup_builtin(&s);
		if (in->imm < 0) {
			if (parse_num(&s, &v))
				return -1;
			in->imm = (s32)v;
		}
		break;
	case SONDE_FORM_DS:
		if (parse_reg(&s, &in->rd) || parse_comma(&s) ||
		    parse_reg(&s, &in->rs))
			return -1;
		break;
	case SONDE_FORM_DST:
		if (parse_reg(&s, &in->rd) || parse_comma(&s) ||
		    parse_reg(&s, &in->rs) || parse_comma(&s) ||
		    parse_reg(&s, &in->rt))
			return -1;
		break;
	case SONDE_FORM_J:
		if (parse_num(&s, &v))
			return -1;
		in->imm = (s32)v;
		break;
	case SONDE_FORM_SJ:
	case SONDE_FORM_SO:
		if (parse_reg(&s, &in->rs) || parse_comma(&s) ||
		    parse_num(&s, &v))
			return -1;
		in->imm = (s32)v;
		break;
	case SONDE_FORM_SSI:
		/* stm4 [r2+8], r3 */
		s = skipws(s);
		if (*s++ != '[' || parse_reg(&s, &in->rs))
			return -1;
		s = skipws(s);
		v = 0;
		if ((*s == '+' || *s == '-') && parse_num(&s, &v))
			return -1;
		s = skipws(s);
		if (*s++ != ']' || parse_comma(&s) || parse_reg(&s, &in->rt))
			return -1;
		in->imm = (s32)v;
		break;
	case SONDE_FORM_DSI:
		if (parse_reg(&s, &in->rd) || parse_comma(&s))
			return -1;
		s = skipws(s);
		if (*s++ != '[' || parse_reg(&s, &in->rs))
			return -1;
		s = skipws(s);
		v = 0;
		if (*s == '+' || *s == '-') {
			if (parse_num(&s, &v))
				return -1;
		}
		s = skipws(s);
		if (*s++ != ']')
			return -1;
		in->imm = (s32)v;
		break;
	default:
		return 1;
	}
	*sp = s;
	return 0;
}

/*
 * Aggregations, variables, stacks, record copies, subroutine calls.
 * Operands of @form from *@sp into @in: 0 (*@sp moved past them), -1 when
 * they do not parse, 1 when @form is not one of these.
 */
static int asm_operands_tables(struct sonde_asm *a, int form,
			       const char **sp, struct sonde_insn *in)
{
	const char *s = *sp;
	long long v;

	switch (form) {
	case SONDE_FORM_AGG:
		s = skipws(s);
		if (*s++ != '@' || parse_num(&s, &v) || parse_comma(&s) ||
		    parse_reg(&s, &in->rs) || parse_comma(&s) ||
		    parse_reg(&s, &in->rt))
			return -1;
		in->imm = (s32)v;
		break;
	case SONDE_FORM_DV:
		if (parse_reg(&s, &in->rd) || parse_comma(&s) ||
		    parse_var(&s, &in->imm))
			return -1;
		break;
	case SONDE_FORM_STK:
		if (parse_num(&s, &v))
			return -1;
		in->imm = (s32)v;
		if (parse_comma(&s) || parse_num(&s, &v))
			return -1;
		in->rt = (u8)v;
		break;
	case SONDE_FORM_JSTK: {
		long long strsize;

		if (parse_num(&s, &v) || parse_comma(&s) ||
		    parse_num(&s, &strsize) || parse_comma(&s) ||
		    v < 0 || v > 0xffff || strsize < 0 || strsize > 0xffff)
			return -1;
		in->imm = SONDE_SOL_IMM(v, strsize);
		if (parse_num(&s, &v))
			return -1;
		in->rt = (u8)v;
		break;
	}
	case SONDE_FORM_SV:
		if (parse_var(&s, &in->imm) || parse_comma(&s) ||
		    parse_reg(&s, &in->rs))
			return -1;
		break;
	case SONDE_FORM_DVK:
		if (parse_reg(&s, &in->rd) || parse_comma(&s) ||
		    parse_var(&s, &in->imm) || parse_comma(&s) ||
		    parse_reg(&s, &in->rs))
			return -1;
		break;
	case SONDE_FORM_SVK:
		if (parse_var(&s, &in->imm) || parse_comma(&s) ||
		    parse_reg(&s, &in->rs) || parse_comma(&s) ||
		    parse_reg(&s, &in->rt))
			return -1;
		break;
	case SONDE_FORM_SOL: {
		long long len;

		if (parse_reg(&s, &in->rs) || parse_comma(&s) ||
		    parse_num(&s, &v) || parse_comma(&s) ||
		    parse_num(&s, &len) || v < 0 || v > 0xffff || len < 0 ||
		    len > 0xffff)
			return -1;
		in->imm = SONDE_SOL_IMM(v, len);
		break;
	}
	case SONDE_FORM_CALL:
		if (parse_reg(&s, &in->rd) || parse_comma(&s))
			return -1;
		in->imm = lookup_subr(&s);
		if (in->imm < 0) {
			if (parse_num(&s, &v))
				return -1;
			in->imm = (s32)v;
		}
		if (parse_comma(&s) || parse_reg(&s, &in->rs) ||
		    parse_comma(&s) || parse_num(&s, &v))
			return -1;
		in->rt = (u8)v;
		break;
	default:
		return 1;
	}
	*sp = s;
	return 0;
}

/* .byte's opcode: a number, or an instruction's name. */
static int parse_opcode(const char **sp, long long *v)
{
	const char *s = skipws(*sp);
	char name[16];
	size_t n = 0;
	int op;

	if (!isalpha((unsigned char)*s))
		return parse_num(sp, v);
	while (isalnum((unsigned char)s[n]) && n < sizeof(name) - 1) {
		name[n] = (char)tolower((unsigned char)s[n]);
		n++;
	}
	name[n] = 0;
	op = lookup_op(name, n);
	if (op < 0)
		return -1;
	*v = op;
	*sp = s + n;
	return 0;
}

/* Assemble one line into @in; 1 if the line is blank or a comment. */
int sonde_asm_line(struct sonde_asm *a, const char *line,
		   struct sonde_insn *in, char *err, size_t errsz)
{
	const char *s = skipws(line);
	long long f[5];
	char name[16];
	size_t n = 0;
	int op, form, i, ret;

	memset(in, 0, sizeof(*in));
	if (!*s || *s == ';' || *s == '#' || *s == '\n')
		return 1;
	while ((isalnum((unsigned char)s[n]) || s[n] == '.') &&
	       n < sizeof(name) - 1) {
		name[n] = (char)tolower((unsigned char)s[n]);
		n++;
	}
	name[n] = 0;
	s += n;

	if (!strcmp(name, ".byte")) {
		if (parse_opcode(&s, &f[0]))
			goto bad;
		for (i = 1; i < 5; i++) {
			if (parse_comma(&s) || parse_num(&s, &f[i]))
				goto bad;
		}
		in->op = (u8)f[0];
		in->rd = (u8)f[1];
		in->rs = (u8)f[2];
		in->rt = (u8)f[3];
		in->imm = (s32)f[4];
		return 0;
	}
	op = lookup_op(name, n);
	if (op < 0) {
		snprintf(err, errsz, "unknown instruction '%s'", name);
		return -1;
	}
	in->op = (u8)op;
	form = sonde_op_form(op);
	ret = asm_operands_regs(a, form, &s, in);
	if (ret > 0)
		ret = asm_operands_tables(a, form, &s, in);
	if (ret > 0) {
		snprintf(err, errsz, "cannot assemble '%s' yet", name);
		return -1;
	}
	if (ret < 0)
		goto bad;
	s = skipws(s);
	if (*s && *s != ';' && *s != '\n')
		goto bad;
	return 0;
bad:
	snprintf(err, errsz, "cannot parse operands of '%s'", name);
	return -1;
}
