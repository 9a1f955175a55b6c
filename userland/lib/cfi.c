// SPDX-License-Identifier: GPL-2.0
/*
 * cfi.c - an ELF object's call frame information (.eh_frame, and
 * .debug_frame when the object has one) turned into the rows the kernel
 * walks user stacks with (uapi/sonde.h, SONDE_UROWS; kmod/ustack.c).
 *
 * Each FDE's CFA program is run (DWARF 5 section 6.4, the LSB's .eh_frame
 * encodings) and every change of the three things a walk needs becomes a
 * row: how the CFA is found (RSP or RBP plus an offset, or the PLT's
 * well-known DW_CFA_def_cfa_expression), where the return address is
 * saved and where RBP is.  What a row cannot say (another expression,
 * the CFA in another register, a register saved in a register, a signal
 * frame, the return address undefined as at _start) is a STOP row: the
 * walk ends there rather than guessing.  Between FDEs a NONE row sends
 * the walker back to frame pointers.  Equal neighbours are merged.
 *
 * Consumer thread only; no state but what is returned.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libsonde.h"

/* x86-64 DWARF register numbers */
#define CFI_RBP		6
#define CFI_RSP		7
#define CFI_RA		16

/* DW_EH_PE_* */
#define PE_OMIT		0xff
#define PE_FMT(e)	((e) & 0x0f)
#define PE_APP(e)	((e) & 0x70)
#define PE_PCREL	0x10
#define PE_DATAREL	0x30

/* A register's rule, for the two registers a row records. */
enum { REG_SAME, REG_OFFSET, REG_UNDEF, REG_OTHER };

struct cfi_reg {
	uint8_t how;
	int64_t off;
};

struct cfi_state {
	uint8_t cfa_reg;
	bool cfa_expr;		/* an expression other than the PLT's */
	uint8_t plt;		/* the PLT's expression: its threshold */
	int64_t cfa_off;
	struct cfi_reg rbp, ra;
};

#define CFI_STACK	16	/* DW_CFA_remember_state depth */

struct cfi_cie {
	uint64_t code_align;
	int64_t data_align;
	uint64_t ra_reg;
	uint8_t fde_enc;
	bool aug_z, signal;
	const uint8_t *ins, *ins_end;
};

/* One section being read. */
struct cfi_sec {
	const uint8_t *d;
	size_t size;
	uint64_t addr;		/* its link-time address */
	bool eh;		/* .eh_frame (else .debug_frame) */
};

/* A row as emitted: the FDE's rows win over an end marker at the same
 * address (@prio), and a later FDE's over an earlier one's (@seq). */
struct sonde_cfi_row {
	struct sonde_utab_row row;
	uint8_t prio;
	uint32_t seq;
};

struct cfi_out {
	struct sonde_cfi_row *v;
	size_t n, cap;
	int err;
};

struct cur {
	const uint8_t *p, *end;
	bool bad;
};

static uint64_t rd_u(struct cur *c, unsigned int n)
{
	uint64_t v = 0;
	unsigned int i;

	if ((size_t)(c->end - c->p) < n) {
		c->bad = true;
		c->p = c->end;
		return 0;
	}
	for (i = 0; i < n; i++)
		v |= (uint64_t)c->p[i] << (8 * i);
	c->p += n;
	return v;
}

static uint64_t rd_uleb(struct cur *c)
{
	uint64_t v = 0;
	unsigned int shift = 0;
	uint8_t b;

	do {
		if (c->p >= c->end) {
			c->bad = true;
			return 0;
		}
		b = *c->p++;
		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	return v;
}

static int64_t rd_sleb(struct cur *c)
{
	int64_t v = 0;
	unsigned int shift = 0;
	uint8_t b;

	do {
		if (c->p >= c->end) {
			c->bad = true;
			return 0;
		}
		b = *c->p++;
		if (shift < 64)
			v |= (int64_t)((uint64_t)(b & 0x7f) << shift);
		shift += 7;
	} while (b & 0x80);
	if (shift < 64 && (b & 0x40))
		v |= -((int64_t)1 << shift);
	return v;
}

/* An encoded pointer at @c (its link-time address: @s->addr + offset). */
static uint64_t rd_enc(struct cur *c, const struct cfi_sec *s, uint8_t enc)
{
	uint64_t here = s->addr + (uint64_t)(c->p - s->d), v;

	if (enc == PE_OMIT)
		return 0;
	switch (PE_FMT(enc)) {
	case 0x00:	/* absptr */
	case 0x04:	/* udata8 */
	case 0x0c:	/* sdata8 */
		v = rd_u(c, 8);
		break;
	case 0x01:	/* uleb128 */
		v = rd_uleb(c);
		break;
	case 0x02:	/* udata2 */
		v = rd_u(c, 2);
		break;
	case 0x03:	/* udata4 */
		v = rd_u(c, 4);
		break;
	case 0x09:	/* sleb128 */
		v = (uint64_t)rd_sleb(c);
		break;
	case 0x0a:	/* sdata2 */
		v = (uint64_t)(int64_t)(int16_t)rd_u(c, 2);
		break;
	case 0x0b:	/* sdata4 */
		v = (uint64_t)(int64_t)(int32_t)rd_u(c, 4);
		break;
	default:
		c->bad = true;
		return 0;
	}
	if (PE_APP(enc) == PE_PCREL)
		v += here;
	else if (PE_APP(enc) != 0)
		c->bad = true;	/* textrel, datarel, funcrel: not in x86-64 */
	return v;
}

/*
 * The PLT's CFA: DW_OP_breg7 8; DW_OP_breg16 0; DW_OP_lit15; DW_OP_and;
 * DW_OP_litN; DW_OP_ge; DW_OP_lit3; DW_OP_shl; DW_OP_plus: RSP + 8, and
 * 8 more from the PC's low four bits N on (the push of the lazy PLT).
 * Its threshold N, or 0 when the expression is another.
 */
static uint8_t cfi_plt_expr(const uint8_t *e, uint64_t len)
{
	static const uint8_t head[] = { 0x77, 0x08, 0x80, 0x00, 0x3f, 0x1a };
	static const uint8_t tail[] = { 0x2a, 0x33, 0x24, 0x22 };

	if (len != sizeof(head) + 1 + sizeof(tail) ||
	    memcmp(e, head, sizeof(head)) ||
	    memcmp(e + sizeof(head) + 1, tail, sizeof(tail)))
		return 0;
	/* DW_OP_lit1 .. DW_OP_lit15 */
	if (e[sizeof(head)] < 0x31 || e[sizeof(head)] > 0x3f)
		return 0;
	return e[sizeof(head)] - 0x30;
}

/* The row a state makes. */
static struct sonde_utab_row cfi_row(const struct cfi_state *st, bool signal)
{
	struct sonde_utab_row r = { .rule = SONDE_UROW_STOP };

	/* ra_off and rbp_off are 16 bits: a save slot further from the CFA
	 * than that is a STOP too */
	if (signal || st->cfa_expr || st->ra.how != REG_OFFSET ||
	    st->ra.off >= 0 || st->ra.off < INT16_MIN ||
	    st->rbp.how == REG_OTHER ||
	    (st->rbp.how == REG_OFFSET &&
	     (st->rbp.off >= 0 || st->rbp.off < INT16_MIN)))
		return r;
	if (st->plt) {
		if (st->rbp.how == REG_OFFSET)
			return r;
		r.rule = SONDE_UROW_PLT;
		r.cfa_off = 8;
		r.arg = st->plt;
		r.ra_off = (int16_t)st->ra.off;
		return r;
	}
	if (st->cfa_reg == CFI_RBP && st->cfa_off == 16 && st->ra.off == -8 &&
	    st->rbp.how == REG_OFFSET && st->rbp.off == -16) {
		r.rule = SONDE_UROW_FP;
		return r;
	}
	if (st->cfa_reg == CFI_RSP && st->cfa_off >= 8 &&
	    st->cfa_off <= SONDE_UTAB_MAX_OFF)
		r.rule = SONDE_UROW_SP;
	else if (st->cfa_reg == CFI_RBP && st->cfa_off >= -SONDE_UTAB_MAX_OFF &&
		 st->cfa_off <= SONDE_UTAB_MAX_OFF)
		r.rule = SONDE_UROW_BP;
	else
		return r;
	r.cfa_off = (int32_t)st->cfa_off;
	r.ra_off = (int16_t)st->ra.off;
	r.rbp_off = st->rbp.how == REG_OFFSET ? (int16_t)st->rbp.off : 0;
	return r;
}

static void cfi_emit(struct cfi_out *o, uint64_t pc, struct sonde_utab_row r,
		     uint8_t prio)
{
	struct sonde_cfi_row *n;

	if (o->err)
		return;
	if (pc >= (1ULL << 32)) {
		o->err = -ERANGE;
		return;
	}
	if (o->n == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 1024;

		n = realloc(o->v, cap * sizeof(*n));
		if (!n) {
			o->err = -ENOMEM;
			return;
		}
		o->v = n;
		o->cap = cap;
	}
	r.pc = (uint32_t)pc;
	o->v[o->n].row = r;
	o->v[o->n].prio = prio;
	o->v[o->n].seq = (uint32_t)o->n;
	o->n++;
}

static struct cfi_reg *cfi_reg(struct cfi_state *st, uint64_t reg)
{
	if (reg == CFI_RBP)
		return &st->rbp;
	if (reg == CFI_RA)
		return &st->ra;
	return NULL;
}

/* DW_CFA_restore: the register's rule as the CIE left it. */
static void cfi_restore(struct cfi_state *st, const struct cfi_state *init,
			uint64_t reg)
{
	struct cfi_reg *r = cfi_reg(st, reg);

	if (r)
		*r = reg == CFI_RBP ? init->rbp : init->ra;
}

/*
 * Run a CFA program from @ins to @end over [@loc, @lim), starting from
 * @st; with @o, emit a row at each location.  @init is the CIE's state,
 * for DW_CFA_restore.  -EINVAL when the program is malformed.
 */
static int cfi_run(const struct cfi_sec *s, const struct cfi_cie *cie,
		   const uint8_t *ins, const uint8_t *end,
		   struct cfi_state *st, const struct cfi_state *init,
		   uint64_t loc, uint64_t lim, struct cfi_out *o)
{
	struct cfi_state stack[CFI_STACK];
	unsigned int depth = 0;
	struct cur c = { ins, end, false };
	struct cfi_reg *r;
	uint64_t reg, n;
	uint8_t op;

	while (c.p < c.end && !c.bad) {
		uint64_t adv = 0;

		op = *c.p++;
		switch (op >> 6) {
		case 1:
			adv = (op & 0x3f) * cie->code_align;
			goto advance;
		case 2:
			reg = op & 0x3f;
			n = rd_uleb(&c);
			r = cfi_reg(st, reg);
			if (r) {
				r->how = REG_OFFSET;
				r->off = (int64_t)n * cie->data_align;
			}
			continue;
		case 3:
			cfi_restore(st, init, op & 0x3f);
			continue;
		}
		switch (op) {
		case 0x00:	/* nop */
			break;
		case 0x01:	/* set_loc */
			n = rd_enc(&c, s, cie->fde_enc);
			adv = n > loc ? n - loc : 0;
			goto advance;
		case 0x02:
			adv = rd_u(&c, 1) * cie->code_align;
			goto advance;
		case 0x03:
			adv = rd_u(&c, 2) * cie->code_align;
			goto advance;
		case 0x04:
			adv = rd_u(&c, 4) * cie->code_align;
			goto advance;
		case 0x05:	/* offset_extended */
		case 0x11:	/* offset_extended_sf */
		case 0x2f:	/* GNU_negative_offset_extended */
			reg = rd_uleb(&c);
			if (op == 0x05)
				n = rd_uleb(&c) * cie->data_align;
			else if (op == 0x11)
				n = rd_sleb(&c) * cie->data_align;
			else
				n = -(int64_t)rd_uleb(&c) * cie->data_align;
			r = cfi_reg(st, reg);
			if (r) {
				r->how = REG_OFFSET;
				r->off = (int64_t)n;
			}
			break;
		case 0x06:	/* restore_extended */
			cfi_restore(st, init, rd_uleb(&c));
			break;
		case 0x07:	/* undefined */
		case 0x08:	/* same_value */
			r = cfi_reg(st, rd_uleb(&c));
			if (r) {
				r->how = op == 0x07 ? REG_UNDEF : REG_SAME;
				r->off = 0;
			}
			break;
		case 0x09:	/* register */
			reg = rd_uleb(&c);
			n = rd_uleb(&c);
			r = cfi_reg(st, reg);
			if (r)
				r->how = reg == n ? REG_SAME : REG_OTHER;
			break;
		case 0x0a:	/* remember_state */
			if (depth == CFI_STACK)
				return -EINVAL;
			stack[depth++] = *st;
			break;
		case 0x0b:	/* restore_state: the whole row, CFA too (as
				 * GCC's epilogues expect, and libgcc does) */
			if (!depth)
				return -EINVAL;
			*st = stack[--depth];
			break;
		case 0x0c:	/* def_cfa */
			st->cfa_reg = (uint8_t)rd_uleb(&c);
			st->cfa_off = (int64_t)rd_uleb(&c);
			st->cfa_expr = false;
			st->plt = 0;
			break;
		case 0x12:	/* def_cfa_sf */
			st->cfa_reg = (uint8_t)rd_uleb(&c);
			st->cfa_off = rd_sleb(&c) * cie->data_align;
			st->cfa_expr = false;
			st->plt = 0;
			break;
		case 0x0d:	/* def_cfa_register */
			st->cfa_reg = (uint8_t)rd_uleb(&c);
			st->cfa_expr = false;
			st->plt = 0;
			break;
		case 0x0e:	/* def_cfa_offset */
			st->cfa_off = (int64_t)rd_uleb(&c);
			break;
		case 0x13:	/* def_cfa_offset_sf */
			st->cfa_off = rd_sleb(&c) * cie->data_align;
			break;
		case 0x0f:	/* def_cfa_expression */
			n = rd_uleb(&c);
			if (n > (uint64_t)(c.end - c.p))
				return -EINVAL;
			st->plt = cfi_plt_expr(c.p, n);
			st->cfa_expr = !st->plt;
			c.p += n;
			break;
		case 0x10:	/* expression */
		case 0x16:	/* val_expression */
			reg = rd_uleb(&c);
			n = rd_uleb(&c);
			if (n > (uint64_t)(c.end - c.p))
				return -EINVAL;
			c.p += n;
			r = cfi_reg(st, reg);
			if (r)
				r->how = REG_OTHER;
			break;
		case 0x14:	/* val_offset */
		case 0x15:	/* val_offset_sf */
			reg = rd_uleb(&c);
			if (op == 0x14)
				rd_uleb(&c);
			else
				rd_sleb(&c);
			r = cfi_reg(st, reg);
			if (r)
				r->how = REG_OTHER;
			break;
		case 0x2e:	/* GNU_args_size */
			rd_uleb(&c);
			break;
		default:
			return -EINVAL;
		}
		continue;
advance:
		if (o && adv && loc < lim)
			cfi_emit(o, loc, cfi_row(st, cie->signal), 1);
		loc += adv;
	}
	if (c.bad)
		return -EINVAL;
	if (o && loc < lim)
		cfi_emit(o, loc, cfi_row(st, cie->signal), 1);
	return 0;
}

/* A CIE at @off of @s. */
static int cfi_cie(const struct cfi_sec *s, uint64_t off, struct cfi_cie *cie)
{
	struct cur c = { s->d + off, s->d + s->size, false };
	uint64_t len, id, auglen = 0;
	const uint8_t *aug_end = NULL;
	const char *aug;
	uint8_t ver;
	bool dwarf64 = false;

	if (off >= s->size)
		return -EINVAL;
	len = rd_u(&c, 4);
	if (len == 0xffffffff) {
		len = rd_u(&c, 8);
		dwarf64 = true;
	}
	if (c.bad || len > (uint64_t)(c.end - c.p))
		return -EINVAL;
	c.end = c.p + len;
	id = rd_u(&c, dwarf64 ? 8 : 4);
	if (s->eh ? id != 0 : id != (dwarf64 ? ~0ULL : 0xffffffffULL))
		return -EINVAL;
	memset(cie, 0, sizeof(*cie));
	cie->fde_enc = 0;	/* absptr */
	ver = (uint8_t)rd_u(&c, 1);
	if (ver != 1 && ver != 3 && ver != 4)
		return -EINVAL;
	aug = (const char *)c.p;
	while (c.p < c.end && *c.p)
		c.p++;
	if (c.p >= c.end)
		return -EINVAL;
	c.p++;
	if (strstr(aug, "eh"))
		rd_u(&c, 8);
	if (ver == 4) {
		if (rd_u(&c, 1) != 8)	/* address size */
			return -EINVAL;
		rd_u(&c, 1);		/* segment selector size */
	}
	cie->code_align = rd_uleb(&c);
	cie->data_align = rd_sleb(&c);
	cie->ra_reg = ver == 1 ? rd_u(&c, 1) : rd_uleb(&c);
	if (aug[0] == 'z') {
		cie->aug_z = true;
		auglen = rd_uleb(&c);
		if (auglen > (uint64_t)(c.end - c.p))
			return -EINVAL;
		aug_end = c.p + auglen;
		for (aug++; *aug; aug++) {
			switch (*aug) {
			case 'L':
				rd_u(&c, 1);
				break;
			case 'P': {
				uint8_t enc = (uint8_t)rd_u(&c, 1);

				/* an indirect pointer is still read as one */
				rd_enc(&c, s, enc & 0x7f);
				break;
			}
			case 'R':
				cie->fde_enc = (uint8_t)rd_u(&c, 1);
				break;
			case 'S':
				cie->signal = true;
				break;
			case 'B':
			case 'G':
				break;
			default:
				/* unknown: the length lets us skip the rest */
				goto aug_done;
			}
		}
aug_done:
		c.p = aug_end;
	} else if (aug[0]) {
		return -EINVAL;	/* unknown augmentation without a length */
	}
	if (c.bad || cie->ra_reg != CFI_RA || !cie->code_align)
		return -EINVAL;
	cie->ins = c.p;
	cie->ins_end = c.end;
	return 0;
}

/* Every FDE of @s into @o.  Malformed entries are skipped. */
static void cfi_section(const struct cfi_sec *s, struct cfi_out *o)
{
	uint64_t off = 0;

	while (off + 4 <= s->size && !o->err) {
		struct cur c = { s->d + off, s->d + s->size, false };
		uint64_t len, id, idpos, next, begin, range;
		struct cfi_state init, st;
		struct cfi_cie cie;
		bool dwarf64 = false;
		uint8_t sz;

		len = rd_u(&c, 4);
		if (len == 0)
			break;		/* the terminator */
		if (len == 0xffffffff) {
			len = rd_u(&c, 8);
			dwarf64 = true;
		}
		if (c.bad || len > (uint64_t)(c.end - c.p))
			break;
		next = (uint64_t)(c.p - s->d) + len;
		c.end = c.p + len;
		idpos = (uint64_t)(c.p - s->d);
		sz = dwarf64 ? 8 : 4;
		id = rd_u(&c, sz);
		off = next;
		if (s->eh ? id == 0 : id == (dwarf64 ? ~0ULL : 0xffffffffULL))
			continue;	/* a CIE */
		if (s->eh ? (id > idpos) : false)
			continue;
		if (cfi_cie(s, s->eh ? idpos - id : id, &cie))
			continue;
		begin = rd_enc(&c, s, cie.fde_enc);
		range = rd_enc(&c, s, cie.fde_enc & 0x0f);
		if (cie.aug_z) {
			uint64_t al = rd_uleb(&c);

			if (al > (uint64_t)(c.end - c.p))
				continue;
			c.p += al;
		}
		if (c.bad || !begin || !range || begin + range < begin)
			continue;
		memset(&init, 0, sizeof(init));
		init.cfa_reg = CFI_RSP;
		if (cfi_run(s, &cie, cie.ins, cie.ins_end, &init, &init, begin,
			    begin, NULL))
			continue;
		st = init;
		if (cfi_run(s, &cie, c.p, c.end, &st, &init, begin,
			    begin + range, o))
			continue;
		/* after it: frame pointers, unless another FDE starts here */
		cfi_emit(o, begin + range,
			 (struct sonde_utab_row){ .rule = SONDE_UROW_NONE }, 0);
	}
}

static int cfi_cmp(const void *a, const void *b)
{
	const struct sonde_cfi_row *x = a, *y = b;

	if (x->row.pc != y->row.pc)
		return x->row.pc < y->row.pc ? -1 : 1;
	if (x->prio != y->prio)
		return x->prio > y->prio ? -1 : 1;
	return x->seq > y->seq ? -1 : 1;	/* the later row first */
}

static bool cfi_same(const struct sonde_utab_row *a,
		     const struct sonde_utab_row *b)
{
	return a->rule == b->rule && a->arg == b->arg &&
	       a->cfa_off == b->cfa_off && a->ra_off == b->ra_off &&
	       a->rbp_off == b->rbp_off;
}

int sonde_cfi_read(const char *path, struct sonde_cfi *cfi)
{
	struct cfi_out o = { 0 };
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t shstr, i, n;
	int fd, err = 0;
	Elf *e;

	memset(cfi, 0, sizeof(*cfi));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF || gelf_getclass(e) != ELFCLASS64 ||
	    elf_getshdrstrndx(e, &shstr)) {
		err = -ENOEXEC;
		goto out;
	}
	while ((scn = elf_nextscn(e, scn))) {
		struct cfi_sec s;
		const char *name;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
			continue;
		name = elf_strptr(e, shstr, sh.sh_name);
		if (!name || (strcmp(name, ".eh_frame") &&
			      strcmp(name, ".debug_frame")))
			continue;
		/* a compressed .debug_frame is left out */
		if (sh.sh_flags & SHF_COMPRESSED)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf)
			continue;
		s.d = d->d_buf;
		s.size = d->d_size;
		s.addr = sh.sh_addr;
		s.eh = !strcmp(name, ".eh_frame");
		cfi_section(&s, &o);
		cfi->sections++;
	}
	if (o.err) {
		err = o.err;
		goto out;
	}
	qsort(o.v, o.n, sizeof(*o.v), cfi_cmp);
	/* one row per address, the FDE's over an end marker; merge equal
	 * neighbours */
	for (i = 0, n = 0; i < o.n; i++) {
		if (n && o.v[n - 1].row.pc == o.v[i].row.pc)
			continue;
		if (n && cfi_same(&o.v[n - 1].row, &o.v[i].row))
			continue;
		o.v[n++] = o.v[i];
	}
	cfi->rows = calloc(n ? n : 1, sizeof(*cfi->rows));
	if (!cfi->rows) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++)
		cfi->rows[i] = o.v[i].row;
	cfi->nrows = (uint32_t)n;
out:
	free(o.v);
	if (e)
		elf_end(e);
	close(fd);
	return err;
}

void sonde_cfi_free(struct sonde_cfi *cfi)
{
	free(cfi->rows);
	cfi->rows = NULL;
	cfi->nrows = 0;
}
