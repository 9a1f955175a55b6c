// SPDX-License-Identifier: GPL-2.0
/*
 * print_type.c - print()'s output: an object's bytes shown through its
 * type's tree (struct sonde_ptnode, program.h, built by the compiler), as
 * dtrace for Linux's dt_print_type() shows them:
 *
 *	0xffff8881012c4000 = *
 *	                                            (struct foo) {
 *	                                             .a = (int)1,
 *	                                             .name = (char [8]) [
 *	                                              (char)'h',
 *	                                              ...
 *	                                             ],
 *	                                            }
 *
 * one line per shown node, indented 44 columns plus its depth; members
 * that are all zero are not shown (nor zero bit-fields), a char array
 * stops at its first NUL, an array of zeros shows its first line only,
 * and nesting deeper than 10 levels or past the data shows "...".
 * Bit-fields are read as C lays them out.
 *
 * print() of a struct or union value (not a pointer) shows the value as
 * illumos's dtrace_print() (lib/libdtrace/common/dt_print.c, after mdb's
 * ::print -tn) shows it, every member on its line with its type and its
 * value in hex:
 *
 *	struct foo {
 *	    int a = 0x1
 *	    char [8] name = [ "hi" ]
 *	    uint8_t lo :3 = 0x5
 *	}
 *
 * with no newline after the last brace.  Called by the text output;
 * userland only.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "consume_impl.h"

#define SONDE_PRINT_DEPTH	10
#define SONDE_PRINT_INDENT	44

struct sonde_pvisit {
	FILE *out;
	const unsigned char *data;
	size_t size;
	uint32_t kinds[SONDE_PRINT_DEPTH];
	int last_depth;
};

static bool sonde_pt_zero(const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* Close the struct/union levels opened below @depth. */
static void sonde_pt_close(struct sonde_pvisit *v, int depth)
{
	int i;

	if (v->kinds[depth] != SONDE_PT_SOU)
		return;
	/* an empty struct at the top still opened its "{" */
	if (depth == 0 && v->last_depth == 0)
		v->last_depth = 1;
	for (i = v->last_depth - depth; i > 0; i--) {
		fprintf(v->out, "%*s}%s\n", SONDE_PRINT_INDENT + depth + i - 1,
			"", (depth > 0 || i > 1) ? "," : "");
		v->last_depth = depth;
	}
}

/* An integer of @bits at bit @bitoff of the data, as C reads it. */
static int64_t sonde_pt_int(const unsigned char *data, uint64_t bitoff,
			    uint32_t bits, bool sign)
{
	uint64_t w = 0;
	uint32_t shift = bitoff % 8, n = (shift + bits + 7) / 8;

	memcpy(&w, data + bitoff / 8, n > 8 ? 8 : n);
	if (n > 8) {		/* a 64-bit field not on a byte boundary */
		uint64_t hi = data[bitoff / 8 + 8];

		w = (w >> shift) | (hi << (64 - shift));
		shift = 0;
	}
	w <<= 64 - shift - bits;
	return sign ? (int64_t)w >> (64 - bits) : (int64_t)(w >> (64 - bits));
}

/* Show node @i at bit @bitoff, @depth levels down; -1 to stop. */
static int sonde_pt_visit(struct sonde_pvisit *v, const struct sonde_ptnode *t,
			  uint32_t i, uint64_t bitoff, int depth)
{
	const struct sonde_ptnode *nd = &t[i];
	const unsigned char *data = v->data + bitoff / 8;
	char typename[512], datastr[1024];
	const char *ename = NULL;
	int64_t iv = 0;
	uint32_t k;

	if (bitoff / 8 >= v->size || depth >= SONDE_PRINT_DEPTH) {
		fprintf(v->out, "%*s...\n", SONDE_PRINT_INDENT + depth, "");
		return -1;
	}
	snprintf(typename, sizeof(typename), "%s", nd->type);
	if (v->last_depth > depth)
		sonde_pt_close(v, depth);
	/* all zero: not shown (a bit-field: below) */
	if (depth > 0 && !(nd->kind == SONDE_PT_INT && nd->bits != nd->size * 8) &&
	    nd->size < 65536 && bitoff / 8 + nd->size <= v->size &&
	    sonde_pt_zero(data, nd->size))
		return 0;
	v->kinds[depth] = nd->kind;
	v->last_depth = depth;
	switch (nd->kind) {
	case SONDE_PT_SOU:
		snprintf(datastr, sizeof(datastr), "(%s) {", typename);
		break;
	case SONDE_PT_ARRAY:
		snprintf(datastr, sizeof(datastr), "(%s) [%s", typename,
			 nd->nelems ? "" : "],");
		break;
	case SONDE_PT_INT:
		if (nd->bits == 64 && !(nd->flags & SONDE_PTF_SIGNED) &&
		    bitoff % 8 == 0) {
			uint64_t u;

			memcpy(&u, data, 8);
			snprintf(datastr, sizeof(datastr), "(%s)%llu,",
				 typename, (unsigned long long)u);
			break;
		}
		iv = sonde_pt_int(v->data, bitoff, nd->bits,
				  nd->flags & SONDE_PTF_SIGNED);
		/* a bit-field of zero is not shown */
		if (nd->bits != nd->size * 8 && !iv)
			return 0;
		if (nd->flags & SONDE_PTF_CHAR)
			snprintf(datastr, sizeof(datastr), "(%s)'%c',",
				 typename, (char)iv);
		else
			snprintf(datastr, sizeof(datastr), "(%s)%lld,",
				 typename, (long long)iv);
		break;
	case SONDE_PT_ENUM: {
		int32_t e;

		memcpy(&e, data, 4);
		for (k = 0; k < nd->nvals; k++)
			if (nd->vals[k] == e)
				ename = nd->vnames[k];
		if (ename)
			snprintf(datastr, sizeof(datastr), "(%s)%s,", typename,
				 ename);
		else
			snprintf(datastr, sizeof(datastr), "(%s)%d,", typename,
				 e);
		break;
	}
	case SONDE_PT_PTR: {
		uint64_t p;

		memcpy(&p, data, 8);
		snprintf(datastr, sizeof(datastr), "(%s)0x%llx,", typename,
			 (unsigned long long)p);
		break;
	}
	default:
		return 0;
	}
	fprintf(v->out, "%*s%s%s%s%s\n", SONDE_PRINT_INDENT + depth, "",
		nd->name ? "." : "", nd->name ? nd->name : "",
		nd->name ? " = " : "", datastr);
	if (nd->kind == SONDE_PT_SOU) {
		/* the members, in order */
		for (k = i + 1; k < i + nd->span; k += t[k].span)
			if (sonde_pt_visit(v, t, k, bitoff + t[k].bitoff,
					   depth + 1) < 0)
				return -1;
		return 0;
	}
	if (nd->kind == SONDE_PT_ARRAY && nd->span > 1) {
		const struct sonde_ptnode *el = &t[i + 1];
		size_t bytes = (size_t)el->size * nd->nelems;

		if (bitoff / 8 + bytes <= v->size && sonde_pt_zero(data, bytes))
			return 0;
		for (k = 0; k < nd->nelems; k++) {
			uint64_t eoff = bitoff + (uint64_t)el->size * 8 * k;

			if ((el->flags & SONDE_PTF_CHAR) && el->size == 1 &&
			    eoff / 8 < v->size && !v->data[eoff / 8])
				break;
			if (sonde_pt_visit(v, t, i + 1, eoff, depth + 1) < 0)
				return -1;
		}
		if (nd->nelems)
			fprintf(v->out, "%*s],\n", SONDE_PRINT_INDENT + depth, "");
	}
	return 0;
}

int sonde_print_type(FILE *out, const struct sonde_ptnode *t, uint32_t n,
		     uint64_t addr, const void *data, size_t size)
{
	struct sonde_pvisit v = { .out = out, .data = data, .size = size };

	if (addr)
		fprintf(out, "0x%llx = *\n", (unsigned long long)addr);
	else
		fprintf(out, "(nil) = *\n");
	if (n && data && size)
		sonde_pt_visit(&v, t, 0, 0, 0);
	sonde_pt_close(&v, 0);
	return ferror(out) ? -EIO : 0;
}

/* ---- illumos's print() of a value (dt_print.c) -------------------------- */

struct sonde_ivisit {
	FILE *out;
	const unsigned char *data;
	size_t size;
	int depth;		/* pa_depth: the depth printed last */
	int nest;		/* pa_nest: array nesting */
};

static void sonde_iv_member(struct sonde_ivisit *v, const struct sonde_ptnode *t,
			    uint32_t i, uint64_t bitoff, int depth);

/* dt_print_trailing_braces(): close the struct levels below @depth. */
static void sonde_iv_braces(struct sonde_ivisit *v, int depth)
{
	int d;

	for (d = v->depth; d > depth; d--)
		fprintf(v->out, "%*s}%s", (d + v->nest - 1) * 4, "",
			d == depth + 1 ? "" : "\n");
}

static void sonde_iv_indent(struct sonde_ivisit *v)
{
	fprintf(v->out, "%*s", (v->depth + v->nest) * 4, "");
}

/* Are @n bytes at @off of the data all there? */
static bool sonde_iv_have(const struct sonde_ivisit *v, uint64_t off,
			  uint64_t n)
{
	return off <= v->size && v->size - off >= n;
}

/* dt_print_hex(): an integer of 1, 2, 4 or 8 bytes, "%#x" (so 0 is "0") */
static void sonde_iv_hex(struct sonde_ivisit *v, uint64_t off, uint32_t size)
{
	uint64_t u = 0;

	if (!sonde_iv_have(v, off, size) ||
	    (size != 1 && size != 2 && size != 4 && size != 8)) {
		fprintf(v->out, "<invalid size %u>", size);
		return;
	}
	memcpy(&u, v->data + off, size);
	fprintf(v->out, "%#llx", (unsigned long long)u);
}

/* dt_print_int(): a bit-field in hex, a char quoted, else dt_print_hex() */
static void sonde_iv_int(struct sonde_ivisit *v, const struct sonde_ptnode *nd,
			 uint64_t bitoff)
{
	uint32_t size = nd->bits / 8;
	char c;

	if (size > 8 || nd->bits % 8 || (size & (size - 1))) {
		uint32_t n = (uint32_t)((bitoff % 8 + nd->bits + 7) / 8);

		if (!sonde_iv_have(v, bitoff / 8, n))
			return;
		fprintf(v->out, "%#llx", (unsigned long long)
			sonde_pt_int(v->data, bitoff, nd->bits, false));
		return;
	}
	if ((nd->flags & SONDE_PTF_CHAR) && (nd->flags & SONDE_PTF_SIGNED) &&
	    nd->bits == 8) {
		if (!sonde_iv_have(v, bitoff / 8, 1))
			return;
		c = (char)v->data[bitoff / 8];
		if (isprint((unsigned char)c))
			fprintf(v->out, "'%c'", c);
		else if (c == 0)
			fprintf(v->out, "'\\0'");
		else
			fprintf(v->out, "'\\%03o'", (unsigned int)(int)c);
		return;
	}
	sonde_iv_hex(v, bitoff / 8, size);
}

/* dt_print_enum(): its name, or the value */
static void sonde_iv_enum(struct sonde_ivisit *v, const struct sonde_ptnode *nd,
			  uint64_t off)
{
	int32_t val = 0;
	uint32_t k;

	if (!sonde_iv_have(v, off, nd->size) ||
	    (nd->size != 1 && nd->size != 2 && nd->size != 4)) {
		fprintf(v->out, "<invalid enum size %u>", nd->size);
		return;
	}
	if (nd->size == 1)
		val = v->data[off];
	else if (nd->size == 2)
		val = v->data[off] | v->data[off + 1] << 8;
	else
		memcpy(&val, v->data + off, 4);
	for (k = 0; k < nd->nvals; k++)
		if (nd->vals[k] == val) {
			fprintf(v->out, "%s", nd->vnames[k]);
			return;
		}
	fprintf(v->out, "%d", val);
}

/*
 * dt_print_array(): a char array holding a NUL after printable chars is
 * a string ("[ \"...\" ]"), else "[ e0, e1, ... ]", each element visited
 * at depth 0 one array level deeper; structs get their own lines.
 */
static void sonde_iv_array(struct sonde_ivisit *v, const struct sonde_ptnode *t,
			   uint32_t i, uint64_t bitoff)
{
	const struct sonde_ptnode *nd = &t[i], *el = &t[i + 1];
	uint64_t off = bitoff / 8;
	bool isstring = false, sou;
	uint32_t k;
	char c = 0;

	if (nd->span < 2) {
		fprintf(v->out, "[ ]");
		return;
	}
	sou = el->kind == SONDE_PT_SOU;
	if (el->kind == SONDE_PT_INT && (el->flags & SONDE_PTF_CHAR) &&
	    (el->flags & SONDE_PTF_SIGNED) && el->bits == 8) {
		for (k = 0; k < nd->nelems && sonde_iv_have(v, off + k, 1); k++) {
			c = (char)v->data[off + k];
			if (!isprint((unsigned char)c) || c == 0)
				break;
		}
		isstring = k != nd->nelems && c == 0;
	}
	if (!isstring || v->depth != 0)
		fprintf(v->out, "[ ");
	if (isstring) {
		fputc('"', v->out);
		for (k = 0; k < nd->nelems && v->data[off + k]; k++)
			fputc(v->data[off + k], v->out);
		fputc('"', v->out);
	} else {
		for (k = 0; k < nd->nelems; k++) {
			struct sonde_ivisit e = *v;

			e.nest += v->depth + 1;
			e.depth = 0;
			if (!sonde_iv_have(v, off + (uint64_t)el->size * k,
					   el->size ? el->size : 1))
				break;
			sonde_iv_member(&e, t, i + 1,
					bitoff + (uint64_t)el->size * 8 * k, 0);
			sonde_iv_braces(&e, 0);
			if (k != nd->nelems - 1)
				fprintf(v->out, ", ");
			else if (sou)
				fputc('\n', v->out);
		}
	}
	if (!isstring || v->depth != 0) {
		if (sou)
			sonde_iv_indent(v);
		else
			fputc(' ', v->out);
		fputc(']', v->out);
	}
}

/*
 * dt_print_member(), as ctf_type_visit() calls it for node @i at @bitoff
 * and @depth: its type and name (a bit-field's width after it), its value;
 * then, for a struct or union, its members one level down.
 */
static void sonde_iv_member(struct sonde_ivisit *v, const struct sonde_ptnode *t,
			    uint32_t i, uint64_t bitoff, int depth)
{
	const struct sonde_ptnode *nd = &t[i];
	bool arraymember, brief, sou = nd->kind == SONDE_PT_SOU;
	char type[512];
	size_t tl;
	uint32_t k;

	sonde_iv_braces(v, depth);
	if (depth < v->depth)
		fputc('\n', v->out);
	v->depth = depth;
	/* an anonymous struct or union is CTF's "struct " */
	snprintf(type, sizeof(type), "%s%s", nd->type,
		 !strcmp(nd->type, "struct") || !strcmp(nd->type, "union") ?
		 " " : "");
	tl = strlen(type);
	arraymember = v->nest != 0 && depth == 0;
	brief = arraymember && !sou;
	if (!brief) {
		if (arraymember)
			fputc('\n', v->out);
		sonde_iv_indent(v);
		fputs(type, v->out);
		if (nd->name) {
			if (tl && type[tl - 1] != '*' && type[tl - 1] != ' ')
				fputc(' ', v->out);
			fputs(nd->name, v->out);
			if (nd->kind == SONDE_PT_INT &&
			    (nd->bits % 8 || bitoff % 8 || nd->bits / 8 > 8 ||
			     nd->bits / 8 != nd->size))
				fprintf(v->out, " :%u", nd->bits);
			fputs(" =", v->out);
		}
		fputc(' ', v->out);
	}
	switch (nd->kind) {
	case SONDE_PT_INT:
		sonde_iv_int(v, nd, bitoff);
		break;
	case SONDE_PT_PTR:
		sonde_iv_hex(v, bitoff / 8, nd->size);
		break;
	case SONDE_PT_ARRAY:
		sonde_iv_array(v, t, i, bitoff);
		break;
	case SONDE_PT_SOU:
		fputc('{', v->out);
		break;
	case SONDE_PT_ENUM:
		sonde_iv_enum(v, nd, bitoff / 8);
		break;
	}
	if (!brief)
		fputc('\n', v->out);
	if (sou)
		for (k = i + 1; k < i + nd->span; k += t[k].span)
			sonde_iv_member(v, t, k, bitoff + t[k].bitoff,
					depth + 1);
}

int sonde_print_value(FILE *out, const struct sonde_ptnode *t, uint32_t n,
		      const void *data, size_t size)
{
	struct sonde_ivisit v = { .out = out, .data = data, .size = size };

	if (n && data) {
		sonde_iv_member(&v, t, 0, 0, 0);
		sonde_iv_braces(&v, 0);
	}
	return ferror(out) ? -EIO : 0;
}
