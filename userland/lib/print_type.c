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
 * Bit-fields are read as C lays them out.  Called by the text output;
 * userland only.
 */
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
