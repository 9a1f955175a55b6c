/* SPDX-License-Identifier: GPL-2.0 */
/*
 * img.h - the one way the C selftests and the guest benchmarks build a
 * program image.  struct prog holds one table for each row of
 * SONDE_SECTS (uapi/sonde.h), code is assembly text put into it by the
 * VM's own assembler (vm/asm.c, linked into every selftest; the syntax
 * is docs/vm.md's and the VM corpus's), and prog_image() lays the tables
 * out in section order, as the kernel reads them:
 *
 *	struct prog p;
 *
 *	prog_init(&p);
 *	prog_ecb(&p, probe_id(fd, "syscall", "getppid", "entry"), 0);
 *	PROG_ADD(&p, aggs, .fn = SONDE_AGG_count);
 *	prog_clause(&p, 0, NULL,
 *		    "agg @0, r0, r0\n"
 *		    "ret r0\n");
 *	err = load_prog(fd, &p, &ld, log, sizeof(log));	(sonde_test.h)
 *
 * A section is in the image when its table has elements.  Constants and
 * strings the text names by value (`ldc r2, 42`, `lds r3, "x"`) are
 * appended to the tables (a constant once); `ldc r2, #0` and
 * `lds r3, #6` name an index of what the test put there itself
 * (PROG_ADD(&p, consts, getpid()), prog_str()).
 * prog_asm() and prog_clause_at() are for code that clauses share, or
 * that a test lays out itself.
 *
 * Tables grow as they need (malloc); prog_free() gives them back.  A
 * line the assembler refuses, or memory that cannot be had, ends the
 * process with a message: a test's program is fixed text, and its
 * mistake is the test's, never a result.  Userland only.
 */
#ifndef _SONDE_IMG_H
#define _SONDE_IMG_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sonde.h"
#include "vm_asm.h"

/* The tables of a program, one per row of SONDE_SECTS: opts and nopts,
 * ecbs and necbs ... strtab and nstrtab (bytes); and its image. */
struct prog {
#define PROG_TABLE_(NAME, id, type, field, max, what)			\
	type *field;							\
	__u32 n##field, cap_##field;
	SONDE_SECTS(PROG_TABLE_)
#undef PROG_TABLE_
	__u8 *img;		/* prog_image()'s, 8-byte aligned */
	__u32 len;		/* its bytes */
	__u32 cap_img;
};

/* Instructions of the INSNS table: a predicate's or actions'. */
struct prog_code {
	__u32 off;
	__u32 len;
};

static inline void __attribute__((noreturn, format(printf, 1, 2)))
prog_die(const char *fmt, ...)
{
	va_list ap;

	fputs("# prog: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* Room for @more elements of @elem bytes past @n in @arr (zeroed). */
static inline void *prog_grow_(void *arr, __u32 *cap, __u32 n, size_t more,
			       size_t elem)
{
	size_t want = n + more, c = *cap;

	if (want <= c)
		return arr;
	c = c ? c : 16;
	while (c < want)
		c *= 2;
	if (c > 0xffffffffu)
		prog_die("a table of %zu elements", c);
	arr = realloc(arr, c * elem);
	if (!arr)
		prog_die("out of memory for %zu elements", c);
	memset((char *)arr + *cap * elem, 0, (c - *cap) * elem);
	*cap = (__u32)c;
	return arr;
}

#define PROG_GROW_(p, field, more)					\
	((p)->field = prog_grow_((p)->field, &(p)->cap_##field,		\
				 (p)->n##field, (more),			\
				 sizeof(*(p)->field)))

/*
 * Append one element to table @field of @p, given as the fields of its
 * type (PROG_ADD(&p, aggs, .fn = SONDE_AGG_count)) or a value
 * (PROG_ADD(&p, keys, SONDE_T_INT)); its index.  PROG_PUT() appends a
 * copy of @elem, an element the test has.
 */
#define PROG_PUT(p, field, elem)					\
	(PROG_GROW_(p, field, 1),					\
	 (p)->field[(p)->n##field] = (elem),				\
	 (p)->n##field++)

#define PROG_ADD(p, field, ...)						\
	PROG_PUT(p, field, ((__typeof__(*(p)->field)){ __VA_ARGS__ }))

static inline void prog_init(struct prog *p)
{
	memset(p, 0, sizeof(*p));
}

static inline void prog_free(struct prog *p)
{
#define PROG_FREE_(NAME, id, type, field, max, what)	free(p->field);
	SONDE_SECTS(PROG_FREE_)
#undef PROG_FREE_
	free(p->img);
	prog_init(p);
}

/* Option @id = @value; its index. */
static inline __u32 prog_opt(struct prog *p, __u32 id, __u64 value)
{
	return PROG_ADD(p, opts, .id = id, .value = value);
}

/* An enabling of @probe running clause @clause; its index. */
static inline __u32 prog_ecb(struct prog *p, __u32 probe, __u32 clause)
{
	return PROG_ADD(p, ecbs, .probe_id = probe, .clause = clause);
}

/* String @s, NUL-terminated, at the end of the string table: its offset
 * (what `lds rd, #k` names). */
static inline __u32 prog_str(struct prog *p, const char *s)
{
	size_t n = strlen(s) + 1;
	__u32 off = p->nstrtab;

	PROG_GROW_(p, strtab, n);
	memcpy(p->strtab + off, s, n);
	p->nstrtab += (__u32)n;
	return off;
}

/*
 * Assemble @text (lines; blank ones and comments, `;` or `#` first, are
 * skipped) onto the end of @p's instructions: where they went.
 */
static inline struct prog_code prog_asm(struct prog *p, const char *text)
{
	struct prog_code c = { p->ninsns, 0 };
	const char *s = text, *e;
	char line[256], err[128];

	for (; *s; s = *e ? e + 1 : e) {
		struct sonde_asm a;
		size_t n;
		int r;

		e = s + strcspn(s, "\n");
		n = (size_t)(e - s);
		if (n >= sizeof(line))
			prog_die("line too long: %.60s...", s);
		memcpy(line, s, n);
		line[n] = 0;
		/* a line adds one instruction, and a constant or a string */
		PROG_GROW_(p, insns, 1);
		PROG_GROW_(p, consts, 1);
		PROG_GROW_(p, strtab, n + 2);
		a = (struct sonde_asm){
			.consts = p->consts, .nconsts = p->nconsts,
			.max_consts = p->cap_consts, .strtab = p->strtab,
			.strtab_len = p->nstrtab, .max_strtab = p->cap_strtab,
		};
		r = sonde_asm_line(&a, line, &p->insns[p->ninsns], err,
				   sizeof(err));
		if (r < 0)
			prog_die("'%s': %s", line, err);
		p->nconsts = a.nconsts;
		p->nstrtab = a.strtab_len;
		if (r == 0) {
			p->ninsns++;
			c.len++;
		}
	}
	return c;
}

/*
 * A clause of predicate @pred (none when its length is 0) and actions
 * @act, recording @rec_size bytes; its index.
 */
static inline __u32 prog_clause_at(struct prog *p, __u32 rec_size,
				   struct prog_code pred, struct prog_code act)
{
	return PROG_ADD(p, clauses, .pred_off = pred.len ? pred.off : 0,
			.pred_len = pred.len, .act_off = act.off,
			.act_len = act.len, .rec_size = rec_size);
}

/* The same, @pred (NULL: none) and @act assembled in that order. */
static inline __u32 prog_clause(struct prog *p, __u32 rec_size,
				const char *pred, const char *act)
{
	struct prog_code pc = { 0, 0 }, ac;

	if (pred)
		pc = prog_asm(p, pred);
	ac = prog_asm(p, act);
	return prog_clause_at(p, rec_size, pc, ac);
}

#define PROG_PAD8_(n)	(((n) + 7) & ~(size_t)7)

static inline struct sonde_prog_hdr *prog_hdr(struct prog *p)
{
	return (struct sonde_prog_hdr *)p->img;
}

/*
 * Lay @p's tables out as an image in p->img, p->len bytes: the header,
 * then each section with elements in SONDE_SECTS order, each at an
 * offset that is a multiple of 8, zero-padded.  The image is @p's until
 * the next prog_image(), prog_free(); a test may change it before LOAD.
 */
static inline void prog_image(struct prog *p)
{
	size_t len = sizeof(struct sonde_prog_hdr), off = len;
	struct sonde_prog_hdr *h;

#define PROG_SECT_LEN_(NAME, id, type, field, max, what)		\
	len += PROG_PAD8_((size_t)p->n##field * sizeof(type));
	SONDE_SECTS(PROG_SECT_LEN_)
#undef PROG_SECT_LEN_
	if (len > 0xffffffffu)
		prog_die("an image of %zu bytes", len);
	p->img = prog_grow_(p->img, &p->cap_img, 0, len, 1);
	memset(p->img, 0, p->cap_img);
	h = prog_hdr(p);
	h->magic = SONDE_PROG_MAGIC;
	h->hdr_size = sizeof(*h);
	h->abi_version = SONDE_ABI_VERSION;
#define PROG_SECT_PUT_(NAME, id, type, field, max, what)		\
	if (p->n##field) {						\
		h->sects[id].off = (__u32)off;				\
		h->sects[id].count = p->n##field;			\
		memcpy(p->img + off, p->field,				\
		       (size_t)p->n##field * sizeof(type));		\
		off += PROG_PAD8_((size_t)p->n##field * sizeof(type));	\
	}
	SONDE_SECTS(PROG_SECT_PUT_)
#undef PROG_SECT_PUT_
	p->len = (__u32)len;
}

#endif /* _SONDE_IMG_H */
