// SPDX-License-Identifier: GPL-2.0
/*
 * uelf.c - the ELF side of user probes (usdt.h): SDT notes and their
 * argument specs (symbols of "sym(%rip)" operands resolved here, where
 * the symbol table is at hand), function symbols, a process's objects, a
 * program's libraries as ld.so would find them.  libelf does the ELF
 * reading.  Called by probe resolution (libsonde's uprov.c), the symboliser
 * (sym.c) and the tests; consumer thread only, no state between calls.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "usdt.h"

/* ---- ELF helpers ------------------------------------------------------ */

struct sonde_elf {
	int fd;
	Elf *e;
};

static int sonde_elf_open(struct sonde_elf *x, const char *path, char *err,
			  size_t errlen)
{
	GElf_Ehdr eh;
	int e;

	x->e = NULL;
	x->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (x->fd < 0) {
		e = errno;
		snprintf(err, errlen, "%s: %s", path, strerror(e));
		return -e;
	}
	elf_version(EV_CURRENT);
	x->e = elf_begin(x->fd, ELF_C_READ, NULL);
	if (!x->e || elf_kind(x->e) != ELF_K_ELF ||
	    gelf_getclass(x->e) != ELFCLASS64 || !gelf_getehdr(x->e, &eh) ||
	    eh.e_machine != EM_X86_64) {
		snprintf(err, errlen, "%s: not an x86-64 ELF file", path);
		if (x->e)
			elf_end(x->e);
		close(x->fd);
		return -ENOEXEC;
	}
	return 0;
}

static void sonde_elf_close(struct sonde_elf *x)
{
	elf_end(x->e);
	close(x->fd);
}

/* The file offset of virtual address @va, through the PT_LOAD holding it. */
static bool sonde_va_to_off(Elf *e, uint64_t va, uint64_t *off)
{
	GElf_Phdr ph;
	size_t n, i;

	if (elf_getphdrnum(e, &n))
		return false;
	for (i = 0; i < n; i++) {
		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (va >= ph.p_vaddr && va < ph.p_vaddr + ph.p_filesz) {
			*off = va - ph.p_vaddr + ph.p_offset;
			return true;
		}
	}
	return false;
}

static Elf_Scn *sonde_scn_named(Elf *e, const char *name, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	const char *n;

	if (elf_getshdrstrndx(e, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, sh))
			continue;
		n = elf_strptr(e, shstrndx, sh->sh_name);
		if (n && !strcmp(n, name))
			return scn;
	}
	return NULL;
}

/*
 * Calls @fn for each defined symbol of @e's .symtab, or of its .dynsym
 * (what `strip` leaves) when @fn took none of the .symtab's: @fn returns
 * 1 (taken), 0 (passed over) or -errno (stop, returned).
 */
typedef int sonde_symtab_fn(void *arg, const GElf_Sym *sym, const char *name);

static int sonde_elf_syms(Elf *e, sonde_symtab_fn *fn, void *arg)
{
	Elf_Scn *scn;
	Elf_Data *d;
	GElf_Shdr sh;
	GElf_Sym sym;
	const char *name;
	bool taken = false;
	size_t i;
	int pass, r;

	for (pass = 0; pass < 2 && !taken; pass++) {
		for (scn = NULL; (scn = elf_nextscn(e, scn));) {
			if (!gelf_getshdr(scn, &sh) || !sh.sh_entsize ||
			    sh.sh_type != (pass ? SHT_DYNSYM : SHT_SYMTAB) ||
			    !(d = elf_getdata(scn, NULL)))
				continue;
			for (i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
				if (!gelf_getsym(d, (int)i, &sym) ||
				    sym.st_shndx == SHN_UNDEF)
					continue;
				name = elf_strptr(e, sh.sh_link, sym.st_name);
				if (!name || !*name)
					continue;
				r = fn(arg, &sym, name);
				if (r < 0)
					return r;
				taken |= r > 0;
			}
		}
	}
	return 0;
}

struct sonde_funcs_each {
	sonde_elf_func_fn *fn;
	void *arg;
};

static int sonde_func_sym(void *arg, const GElf_Sym *sym, const char *name)
{
	const struct sonde_funcs_each *fe = arg;
	int type = GELF_ST_TYPE(sym->st_info), r;

	if ((type != STT_FUNC && type != STT_GNU_IFUNC) || !sym->st_value)
		return 0;
	r = fe->fn(fe->arg, sym->st_value, sym->st_size, name,
		   GELF_ST_BIND(sym->st_info) != STB_LOCAL);
	return r ? r : 1;
}

int sonde_elf_func_syms(Elf *e, sonde_elf_func_fn *fn, void *arg)
{
	struct sonde_funcs_each fe = { fn, arg };

	return sonde_elf_syms(e, sonde_func_sym, &fe);
}

int sonde_elf_debug_refs(Elf *e, struct sonde_elf_debug *d)
{
	Elf_Scn *scn = NULL;
	Elf_Data *data;
	GElf_Shdr sh;
	GElf_Nhdr nh;
	size_t shstrndx, off, noff, doff, n;
	const char *name;

	memset(d, 0, sizeof(*d));
	if (elf_getshdrstrndx(e, &shstrndx))
		return -ENOEXEC;
	while ((scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
			continue;
		name = elf_strptr(e, shstrndx, sh.sh_name);
		if (!name)
			continue;
		if (sh.sh_type == SHT_SYMTAB && sh.sh_entsize && !d->symtab &&
		    (data = elf_getdata(scn, NULL))) {
			GElf_Sym sym;
			size_t i;
			int t;

			/* sonde_func_sym()'s functions: one is enough */
			for (i = 0; i < sh.sh_size / sh.sh_entsize &&
			     !d->symtab; i++) {
				if (!gelf_getsym(data, (int)i, &sym) ||
				    sym.st_shndx == SHN_UNDEF || !sym.st_value)
					continue;
				t = GELF_ST_TYPE(sym.st_info);
				d->symtab = t == STT_FUNC || t == STT_GNU_IFUNC;
			}
		} else if (sh.sh_type == SHT_NOTE && !d->build_id_len &&
			   (data = elf_getdata(scn, NULL))) {
			for (off = 0; (n = gelf_getnote(data, off, &nh, &noff,
							&doff)); off = n) {
				if (nh.n_type != NT_GNU_BUILD_ID ||
				    nh.n_namesz != 4 ||
				    memcmp((char *)data->d_buf + noff, "GNU", 4) ||
				    !nh.n_descsz ||
				    nh.n_descsz > sizeof(d->build_id))
					continue;
				memcpy(d->build_id, (char *)data->d_buf + doff,
				       nh.n_descsz);
				d->build_id_len = nh.n_descsz;
				break;
			}
		} else if (!strcmp(name, ".gnu_debuglink") &&
			   (data = elf_getdata(scn, NULL)) && data->d_size >= 8) {
			/* the file name, NUL, padding to 4, a CRC-32; a
			 * name with a '/' would lead out of the places
			 * sym.c looks in, and is not taken */
			n = strnlen(data->d_buf, data->d_size);
			off = (n + 4) & ~(size_t)3;
			if (n && n < sizeof(d->link) &&
			    off + 4 <= data->d_size &&
			    !memchr(data->d_buf, '/', n)) {
				memcpy(d->link, data->d_buf, n);
				d->link[n] = '\0';
				memcpy(&d->link_crc, (char *)data->d_buf + off,
				       4);
			}
		} else if (!strcmp(name, ".gnu_debugdata") &&
			   (data = elf_rawdata(scn, NULL)) && data->d_size) {
			d->minidebug = data->d_buf;
			d->minidebug_len = data->d_size;
		}
	}
	return 0;
}

/* ---- argument specs ------------------------------------------------- */

/*
 * An SDT argument spec is "[-]N[f]@OPERAND" ("8@%rbp", "-4@-20(%rbp)",
 * "4@$42", "8f@%rax"), OPERAND in gas AT&T syntax as GCC prints an "nor"
 * asm operand; a spec without "N@" is 8 bytes unsigned.  A floating-point
 * argument ("f") in a general register or in memory reads as its IEEE-754
 * bits: D has no floating point.
 */

/* x86-64 register names (all widths) to SONDE_UREG_*. */
static const struct {
	const char *name;
	uint8_t reg;
} sonde_xregs[] = {
#define X4(q, d, w, b, r) { q, r }, { d, r }, { w, r }, { b, r },
	X4("rax", "eax", "ax", "al", SONDE_UREG_rax)
	X4("rbx", "ebx", "bx", "bl", SONDE_UREG_rbx)
	X4("rcx", "ecx", "cx", "cl", SONDE_UREG_rcx)
	X4("rdx", "edx", "dx", "dl", SONDE_UREG_rdx)
	X4("rsi", "esi", "si", "sil", SONDE_UREG_rsi)
	X4("rdi", "edi", "di", "dil", SONDE_UREG_rdi)
	X4("rbp", "ebp", "bp", "bpl", SONDE_UREG_rbp)
	X4("rsp", "esp", "sp", "spl", SONDE_UREG_rsp)
	X4("r8", "r8d", "r8w", "r8b", SONDE_UREG_r8)
	X4("r9", "r9d", "r9w", "r9b", SONDE_UREG_r9)
	X4("r10", "r10d", "r10w", "r10b", SONDE_UREG_r10)
	X4("r11", "r11d", "r11w", "r11b", SONDE_UREG_r11)
	X4("r12", "r12d", "r12w", "r12b", SONDE_UREG_r12)
	X4("r13", "r13d", "r13w", "r13b", SONDE_UREG_r13)
	X4("r14", "r14d", "r14w", "r14b", SONDE_UREG_r14)
	X4("r15", "r15d", "r15w", "r15b", SONDE_UREG_r15)
#undef X4
	{ "rip", SONDE_UREG_rip },	/* only as a memory operand's base */
};

/*
 * What a spec is read against: the note's pc and its ELF file, for the
 * symbols of "sym(%rip)" operands.  sonde_uarg_parse() has neither.
 */
struct sonde_argctx {
	Elf *e;
	uint64_t pc;		/* link-time address of the probe's nop */
	char *why;		/* the reason a spec is refused */
	size_t whylen;
};

static int sonde_arg_bad(const struct sonde_argctx *cx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int sonde_arg_bad(const struct sonde_argctx *cx, const char *fmt, ...)
{
	va_list ap;

	if (cx && cx->why && cx->whylen) {
		va_start(ap, fmt);
		vsnprintf(cx->why, cx->whylen, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

/* "%reg" at *pp: its SONDE_UREG_*, *pp past it; -EINVAL if unknown. */
static int sonde_xreg(const char **pp, const struct sonde_argctx *cx)
{
	const char *p = *pp + 1;
	size_t n = 0, i;

	if (**pp != '%')
		return sonde_arg_bad(cx, "expected a register at '%s'", *pp);
	while (isalnum((unsigned char)p[n]))
		n++;
	for (i = 0; i < sizeof(sonde_xregs) / sizeof(sonde_xregs[0]); i++) {
		if (strlen(sonde_xregs[i].name) == n &&
		    !strncmp(p, sonde_xregs[i].name, n)) {
			*pp = p + n;
			return sonde_xregs[i].reg;
		}
	}
	/* %ah..%dh (bits 8-15), segment and vector registers */
	return sonde_arg_bad(cx, "register %%%.*s is not supported", (int)n, p);
}

/* A number, decimal or 0x hex, signed, up to 64 bits (unsigned too). */
static bool sonde_num(const char **pp, int64_t *v)
{
	const char *p = *pp;
	bool neg = *p == '-';
	uint64_t u;
	char *end;

	if (neg || *p == '+')
		p++;
	if (!isdigit((unsigned char)*p))
		return false;
	errno = 0;
	u = strtoull(p, &end, 0);
	if (errno || (neg && u > (uint64_t)INT64_MAX + 1))
		return false;
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	*pp = end;
	return true;
}

static bool sonde_symchar(char c, bool first)
{
	return isalpha((unsigned char)c) || c == '_' || c == '.' ||
	       (!first && (isdigit((unsigned char)c) || c == '$'));
}

/*
 * A memory operand's displacement: numbers and at most one symbol, the
 * symbol added ("-16", "g", "8+gs", "gs+8", "counter.0-4").
 */
static int sonde_disp(const char **pp, int64_t *disp, char *sym, size_t size,
		      const struct sonde_argctx *cx)
{
	const char *p = *pp;
	bool neg = *p == '-';
	uint64_t d = 0;
	int64_t v;
	size_t n;

	sym[0] = '\0';
	p += neg;
	for (;;) {
		if (isdigit((unsigned char)*p)) {
			if (!sonde_num(&p, &v))
				return sonde_arg_bad(cx, "bad number at '%s'", p);
			d += neg ? 0 - (uint64_t)v : (uint64_t)v;
		} else if (!neg && !sym[0] && sonde_symchar(*p, true)) {
			for (n = 0; sonde_symchar(p[n], false); n++)
				;
			if (n >= size)
				return sonde_arg_bad(cx, "symbol too long");
			memcpy(sym, p, n);
			sym[n] = '\0';
			p += n;
		} else {
			return sonde_arg_bad(cx, "bad displacement at '%s'", p);
		}
		if (*p != '+' && *p != '-')
			break;
		neg = *p++ == '-';
	}
	*disp = (int64_t)d;
	*pp = p;
	return 0;
}

struct sonde_symval {
	const char *name;
	uint64_t va;
	bool found, twice;
};

static int sonde_symval_sym(void *arg, const GElf_Sym *sym, const char *name)
{
	struct sonde_symval *sv = arg;
	int type = GELF_ST_TYPE(sym->st_info);

	if (type == STT_SECTION || type == STT_FILE || type == STT_TLS ||
	    strcmp(name, sv->name))
		return 0;
	if (sv->found && sym->st_value != sv->va)
		sv->twice = true;
	sv->va = sym->st_value;
	sv->found = true;
	return 1;
}

/*
 * The value of symbol @name in @e (.symtab, else .dynsym): 0, -ENOENT
 * (not there: a stripped file, for a static variable), -ENOTUNIQ (at
 * several addresses: static variables of one name in several files).
 */
static int sonde_elf_symval(Elf *e, const char *name, uint64_t *va)
{
	struct sonde_symval sv = { .name = name };

	sonde_elf_syms(e, sonde_symval_sym, &sv);
	if (!sv.found)
		return -ENOENT;
	if (sv.twice)
		return -ENOTUNIQ;
	*va = sv.va;
	return 0;
}

/* A memory operand "sym+disp(...)": the symbol's address into @a->disp. */
static int sonde_uarg_sym(struct sonde_uarg *a, const char *sym,
			  const struct sonde_argctx *cx)
{
	GElf_Ehdr eh;
	uint64_t va;
	int r;

	if (!cx || !cx->e)
		return sonde_arg_bad(cx, "symbol %s needs the file's symbol table",
				     sym);
	r = sonde_elf_symval(cx->e, sym, &va);
	if (r == -ENOENT)
		return sonde_arg_bad(cx, "symbol %s is not in the file's symbol "
				     "tables (stripped?)", sym);
	if (r)
		return sonde_arg_bad(cx, "symbol %s is defined at several "
				     "addresses", sym);
	if (a->base == SONDE_UREG_rip) {
		/*
		 * When the probe fires %rip is the nop's address (uprobes set
		 * it so for their handlers), and the symbol is as far from
		 * it as at link time, wherever the file is loaded.
		 */
		a->disp = (int64_t)((uint64_t)a->disp + va - cx->pc);
		return 0;
	}
	if (!gelf_getehdr(cx->e, &eh) || eh.e_type != ET_EXEC)
		return sonde_arg_bad(cx, "symbol %s as an absolute address in a "
				     "position-independent file", sym);
	a->disp = (int64_t)((uint64_t)a->disp + va);
	return 0;
}

/* The operand after "N@": $const, %reg or disp(base,index,scale). */
static int sonde_uarg_operand(const char *p, struct sonde_uarg *a,
			      const struct sonde_argctx *cx)
{
	char sym[SONDE_FUNCNAMELEN] = "";
	int64_t v = 0;
	int r;

	if (*p == '$') {
		p++;
		if (!sonde_num(&p, &v) || *p)
			return sonde_arg_bad(cx, "bad constant");
		a->kind = SONDE_UARG_CONST;
		a->disp = v;
		return 0;
	}
	if (*p == '%') {
		r = sonde_xreg(&p, cx);
		if (r < 0)
			return r;
		if (r == SONDE_UREG_rip || *p)
			return sonde_arg_bad(cx, "bad register operand");
		a->kind = SONDE_UARG_REG;
		a->base = (uint8_t)r;
		return 0;
	}
	a->kind = SONDE_UARG_MEM;
	a->base = a->index = SONDE_UREG_NONE;
	if (*p != '(') {
		r = sonde_disp(&p, &v, sym, sizeof(sym), cx);
		if (r)
			return r;
		a->disp = v;
	}
	if (*p == '(') {
		p++;
		if (*p != ',') {
			r = sonde_xreg(&p, cx);
			if (r < 0)
				return r;
			a->base = (uint8_t)r;
		}
		if (*p == ',') {
			p++;
			r = sonde_xreg(&p, cx);
			if (r < 0)
				return r;
			if (r == SONDE_UREG_rip)
				return sonde_arg_bad(cx, "%%rip as an index");
			a->index = (uint8_t)r;
			a->scale = 1;
			if (*p == ',') {
				p++;
				if (!sonde_num(&p, &v) ||
				    (v != 1 && v != 2 && v != 4 && v != 8))
					return sonde_arg_bad(cx, "bad scale");
				a->scale = (uint8_t)v;
			}
		}
		if (*p++ != ')')
			return sonde_arg_bad(cx, "expected ')'");
	}
	if (*p)
		return sonde_arg_bad(cx, "junk at '%s'", p);
	if (sym[0])
		return sonde_uarg_sym(a, sym, cx);
	if (a->base == SONDE_UREG_rip)	/* relative to which instruction? */
		return sonde_arg_bad(cx, "%%rip-relative operand without a "
				     "symbol");
	return 0;
}

static int sonde_uarg_read(const char *spec, struct sonde_uarg *a,
			   const struct sonde_argctx *cx)
{
	const char *p = spec;
	bool fp;
	int64_t v;

	memset(a, 0, sizeof(*a));
	a->size = 8;
	/* "N@" or "Nf@" is the size; otherwise the spec is all operand */
	if (sonde_num(&p, &v) && (*p == '@' || (p[0] == 'f' && p[1] == '@'))) {
		fp = *p == 'f';
		if ((v != 1 && v != 2 && v != 4 && v != 8 && v != -1 &&
		     v != -2 && v != -4 && v != -8) ||
		    (fp && v != 4 && v != 8 && v != -4 && v != -8))
			return sonde_arg_bad(cx, "bad size %" PRId64 "%s", v,
					     fp ? "f" : "");
		/* a float's bits, never sign-extended */
		a->size = (int8_t)(fp && v < 0 ? -v : v);
		p += 1 + fp;
	} else {
		p = spec;
	}
	if (!*p)
		return sonde_arg_bad(cx, "no operand");
	return sonde_uarg_operand(p, a, cx);
}

int sonde_uarg_parse(const char *spec, struct sonde_uarg *a)
{
	return sonde_uarg_read(spec, a, NULL);
}

/* ---- function symbols ----------------------------------------------- */

struct sonde_fsym {
	uint64_t va;
	uint64_t size;
	const char *name;	/* in the ELF's string table */
	bool global;
};

static int sonde_fsym_va_cmp(const void *a, const void *b)
{
	const struct sonde_fsym *x = a, *y = b;

	size_t ux, uy;

	if (x->va != y->va)
		return x->va < y->va ? -1 : 1;
	/* at one address, global names first */
	if (x->global != y->global)
		return (int)y->global - (int)x->global;
	/* then the public name of an alias: write before __write */
	ux = strspn(x->name, "_");
	uy = strspn(y->name, "_");
	if (ux != uy)
		return ux < uy ? -1 : 1;
	return strcmp(x->name, y->name);
}

struct sonde_fsyms {
	struct sonde_fsym *v;
	size_t n, cap;
};

static int sonde_fsym_add(void *arg, uint64_t va, uint64_t size,
			  const char *name, bool global)
{
	struct sonde_fsyms *f = arg;
	struct sonde_fsym *t;

	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 256;
		t = realloc(f->v, f->cap * sizeof(*t));
		if (!t)
			return -ENOMEM;
		f->v = t;
	}
	f->v[f->n++] = (struct sonde_fsym){ va, size, name, global };
	return 0;
}

/* Function symbols of @e from .symtab, else .dynsym, sorted by address. */
static int sonde_fsyms(Elf *e, struct sonde_fsym **out, size_t *nout)
{
	struct sonde_fsyms f = { 0 };
	size_t i, k;
	int ret;

	ret = sonde_elf_func_syms(e, sonde_fsym_add, &f);
	if (ret) {
		free(f.v);
		return ret;
	}
	if (f.n)
		qsort(f.v, f.n, sizeof(*f.v), sonde_fsym_va_cmp);
	/* one symbol per address: the first (a global one if any) */
	for (i = 0, k = 0; i < f.n; i++) {
		if (k && f.v[k - 1].va == f.v[i].va)
			continue;
		f.v[k++] = f.v[i];
	}
	*out = f.v;
	*nout = k;
	return 0;
}

/* The function containing @va, "" if none. */
static const char *sonde_fsym_at(const struct sonde_fsym *v, size_t n,
				 uint64_t va)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].va <= va)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return "";
	lo--;
	if (va < v[lo].va + (v[lo].size ? v[lo].size : 1))
		return v[lo].name;
	return "";
}

static int sonde_ufunc_name_cmp(const void *a, const void *b)
{
	const struct sonde_ufunc *x = a, *y = b;

	return strcmp(x->name, y->name);
}

int sonde_elf_funcs(const char *path, struct sonde_ufunc **fns, size_t *n,
		    char *err, size_t errlen)
{
	struct sonde_ufunc *v;
	struct sonde_fsym *s;
	struct sonde_elf x;
	size_t ns, i, k = 0;
	int ret;

	*fns = NULL;
	*n = 0;
	ret = sonde_elf_open(&x, path, err, errlen);
	if (ret)
		return ret;
	ret = sonde_fsyms(x.e, &s, &ns);
	if (ret) {
		sonde_elf_close(&x);
		return ret;
	}
	v = calloc(ns ? ns : 1, sizeof(*v));
	if (!v) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < ns; i++) {
		uint64_t off;

		if (!s[i].size || !sonde_va_to_off(x.e, s[i].va, &off))
			continue;
		v[k].name = strdup(s[i].name);
		if (!v[k].name) {
			sonde_ufuncs_free(v, k);
			ret = -ENOMEM;
			goto out;
		}
		v[k].offset = off;
		v[k].size = s[i].size;
		k++;
	}
	qsort(v, k, sizeof(*v), sonde_ufunc_name_cmp);
	*fns = v;
	*n = k;
out:
	free(s);
	sonde_elf_close(&x);
	return ret;
}

void sonde_ufuncs_free(struct sonde_ufunc *fns, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(fns[i].name);
	free(fns);
}

/* ---- SDT notes ------------------------------------------------------ */

#define SONDE_NT_STAPSDT	3

/* The file offset of a semaphore at @va: in a writable PT_LOAD's file
 * bytes (.probes), where the kernel's reference counter can find it. */
static bool sonde_sem_to_off(Elf *e, uint64_t va, uint64_t *off)
{
	GElf_Phdr ph;
	size_t n, i;

	if (elf_getphdrnum(e, &n))
		return false;
	for (i = 0; i < n; i++) {
		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD ||
		    !(ph.p_flags & PF_W) || (ph.p_flags & PF_X))
			continue;
		if (va >= ph.p_vaddr && va + 2 <= ph.p_vaddr + ph.p_filesz) {
			*off = va - ph.p_vaddr + ph.p_offset;
			return true;
		}
	}
	return false;
}

/* What every note of one file is read against. */
struct sonde_notectx {
	Elf *e;
	uint64_t base_now;	/* .stapsdt.base's address in the file */
	bool have_base;
	const struct sonde_fsym *fs;	/* for the sites' functions */
	size_t nfs;
};

/* The arguments: space-separated specs, at most SONDE_UPROBE_MAX_ARGS
 * kept (D reads arg0..arg9). */
static int sonde_sdt_args(const struct sonde_notectx *nc, const char *args,
			  uint64_t pc, struct sonde_usite *s, char *why,
			  size_t wl)
{
	char spec[128], reason[160];
	struct sonde_argctx cx = { .e = nc->e, .pc = pc, .why = reason,
				   .whylen = sizeof(reason) };
	const char *p = args;
	size_t n;

	while (s->nargs < SONDE_UPROBE_MAX_ARGS) {
		p += strspn(p, " ");
		n = strcspn(p, " ");
		if (!n)
			break;
		if (n >= sizeof(spec)) {
			snprintf(why, wl, "argument %u: spec too long",
				 s->nargs);
			return -EINVAL;
		}
		memcpy(spec, p, n);
		spec[n] = '\0';
		reason[0] = '\0';
		if (sonde_uarg_read(spec, &s->args[s->nargs], &cx)) {
			snprintf(why, wl, "argument %u '%s': %s", s->nargs,
				 spec, reason);
			return -EINVAL;
		}
		s->nargs++;
		p += n;
	}
	return 0;
}

/*
 * One note's descriptor: pc, _.stapsdt.base and semaphore addresses
 * (8 bytes each on 64-bit), then "provider\0name\0args\0".  0, or
 * -EINVAL with the reason in @why (provider and name set if known).
 */
static int sonde_sdt_note(const struct sonde_notectx *nc, const uint8_t *desc,
			  size_t len, struct sonde_usite *s, char *why,
			  size_t wl)
{
	const char *prov, *name, *args, *end = (const char *)desc + len;
	uint64_t pc, base, sem;

	memset(s, 0, sizeof(*s));
	if (len < 3 * 8 + 2) {
		snprintf(why, wl, "note too short (%zu bytes)", len);
		return -EINVAL;
	}
	memcpy(&pc, desc, 8);
	memcpy(&base, desc + 8, 8);
	memcpy(&sem, desc + 16, 8);
	prov = (const char *)desc + 24;
	name = memchr(prov, 0, end - prov);
	args = name ? memchr(name + 1, 0, end - name - 1) : NULL;
	if (!args) {
		snprintf(why, wl, "provider and name not NUL-terminated");
		return -EINVAL;
	}
	name++;
	args++;
	if (args == end || !memchr(args, 0, end - args))
		args = "";		/* no arguments (the oldest notes) */
	if (!*prov || !*name || strlen(prov) >= sizeof(s->provider) ||
	    strlen(name) >= sizeof(s->name)) {
		snprintf(why, wl, "provider or name empty or too long");
		return -EINVAL;
	}
	strcpy(s->provider, prov);
	strcpy(s->name, name);
	if (nc->have_base) {	/* prelinked: moved as .stapsdt.base moved */
		pc += nc->base_now - base;
		if (sem)
			sem += nc->base_now - base;
	}
	snprintf(s->function, sizeof(s->function), "%s",
		 sonde_fsym_at(nc->fs, nc->nfs, pc));
	if (!sonde_va_to_off(nc->e, pc, &s->offset)) {
		snprintf(why, wl, "pc %#" PRIx64 " outside the file's loadable "
			 "segments", pc);
		return -EINVAL;
	}
	if (sem && !sonde_sem_to_off(nc->e, sem, &s->refctr)) {
		snprintf(why, wl, "semaphore %#" PRIx64 " not in the file's "
			 "writable data", sem);
		return -EINVAL;
	}
	return sonde_sdt_args(nc, args, pc, s, why, wl);
}

/* Every stapsdt note of section @scn into *v (grown as needed). */
static int sonde_sdt_scn(const struct sonde_notectx *nc, Elf_Scn *scn,
			 const char *path, struct sonde_usite **v, size_t *n,
			 size_t *cap, sonde_usdt_skip_fn *skip, void *arg)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	size_t off = 0, noff, doff;
	struct sonde_usite *t;
	GElf_Nhdr nh;
	char why[256];

	while (d && (off = gelf_getnote(d, off, &nh, &noff, &doff))) {
		if (nh.n_type != SONDE_NT_STAPSDT || nh.n_namesz != 8 ||
		    memcmp((const char *)d->d_buf + noff, "stapsdt", 8))
			continue;
		if (*n == *cap) {
			*cap = *cap ? *cap * 2 : 32;
			t = realloc(*v, *cap * sizeof(**v));
			if (!t)
				return -ENOMEM;
			*v = t;
		}
		why[0] = '\0';
		if (!sonde_sdt_note(nc, (const uint8_t *)d->d_buf + doff,
				    nh.n_descsz, &(*v)[*n], why, sizeof(why)))
			(*n)++;
		else if (skip)		/* it could only give wrong arguments */
			skip(arg, path, &(*v)[*n], why);
	}
	return 0;
}

int sonde_usdt_read_report(const char *path, struct sonde_usite **sites,
			   size_t *nsites, sonde_usdt_skip_fn *skip, void *arg,
			   char *err, size_t errlen)
{
	struct sonde_notectx nc = { 0 };
	struct sonde_usite *v = NULL;
	struct sonde_fsym *fs = NULL;
	size_t n = 0, cap = 0, shstrndx;
	struct sonde_elf x;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	const char *sn;
	int ret;

	*sites = NULL;
	*nsites = 0;
	ret = sonde_elf_open(&x, path, err, errlen);
	if (ret)
		return ret;
	nc.e = x.e;
	if (sonde_scn_named(x.e, ".stapsdt.base", &sh)) {
		nc.base_now = sh.sh_addr;
		nc.have_base = true;
	}
	if (!sonde_scn_named(x.e, ".note.stapsdt", &sh))
		goto out;		/* no USDT probes: not an error */
	ret = sonde_fsyms(x.e, &fs, &nc.nfs);
	if (ret)
		goto out;
	nc.fs = fs;
	if (elf_getshdrstrndx(x.e, &shstrndx)) {
		ret = -ENOEXEC;
		goto out;
	}
	while (!ret && (scn = elf_nextscn(x.e, scn))) {
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		sn = elf_strptr(x.e, shstrndx, sh.sh_name);
		if (sn && !strcmp(sn, ".note.stapsdt"))
			ret = sonde_sdt_scn(&nc, scn, path, &v, &n, &cap, skip,
					    arg);
	}
out:
	free(fs);
	sonde_elf_close(&x);
	if (ret) {
		free(v);
		snprintf(err, errlen, "%s: %s", path, strerror(-ret));
		return ret;
	}
	*sites = v;
	*nsites = n;
	return 0;
}

int sonde_usdt_read(const char *path, struct sonde_usite **sites,
		    size_t *nsites, char *err, size_t errlen)
{
	return sonde_usdt_read_report(path, sites, nsites, NULL, NULL, err,
				      errlen);
}

/* ---- processes and libraries ---------------------------------------- */

void sonde_strv_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static int sonde_strv_add(char ***v, size_t *n, const char *s)
{
	char **t;
	size_t i;

	for (i = 0; i < *n; i++) {
		if (!strcmp((*v)[i], s))
			return 0;
	}
	t = realloc(*v, (*n + 1) * sizeof(**v));
	if (!t)
		return -ENOMEM;
	*v = t;
	t[*n] = strdup(s);
	if (!t[*n])
		return -ENOMEM;
	(*n)++;
	return 0;
}

int sonde_proc_objects(pid_t pid, char ***paths, size_t *n)
{
	char file[64], exe[PATH_MAX], line[PATH_MAX + 128];
	char **v = NULL;
	size_t nv = 0;
	ssize_t len;
	FILE *f;
	int ret = 0;

	*paths = NULL;
	*n = 0;
	snprintf(file, sizeof(file), "/proc/%d/exe", (int)pid);
	len = readlink(file, exe, sizeof(exe) - 1);
	if (len < 0)
		return -errno;
	exe[len] = '\0';
	ret = sonde_strv_add(&v, &nv, exe);
	snprintf(file, sizeof(file), "/proc/%d/maps", (int)pid);
	f = fopen(file, "re");
	if (!f) {
		ret = -errno;
		sonde_strv_free(v, nv);
		return ret;
	}
	while (!ret && fgets(line, sizeof(line), f)) {
		char perms[8], *path;
		unsigned long ino;
		int pos = 0;

		if (sscanf(line, "%*x-%*x %7s %*x %*x:%*x %lu %n", perms, &ino,
			   &pos) < 2 || !pos || !ino)
			continue;
		path = line + pos;
		path[strcspn(path, "\n")] = '\0';
		if (path[0] != '/' || strstr(path, " (deleted)") ||
		    perms[2] != 'x')
			continue;
		ret = sonde_strv_add(&v, &nv, path);
	}
	fclose(f);
	if (ret) {
		sonde_strv_free(v, nv);
		return ret;
	}
	*paths = v;
	*n = nv;
	return 0;
}

/*
 * Library lookup as ld.so(8) does it on a default Debian system: a name
 * with a '/' is a path; otherwise the needing object's DT_RPATH and then
 * the program's (both only if the object has no DT_RUNPATH), the
 * object's DT_RUNPATH, then the directories of Debian's /etc/ld.so.conf.d
 * and the system ones.  The target's LD_LIBRARY_PATH is not known here.
 * A file of another class or machine is passed over, as ld.so does.
 */
static const char *const sonde_libdirs[] = {
	"/usr/local/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu",
	"/usr/lib/x86_64-linux-gnu", "/usr/local/lib", "/lib64", "/usr/lib64",
	"/lib", "/usr/lib",
};

/* Where the program's DT_RPATH applies, and its $ORIGIN. */
struct sonde_prog {
	char *rpath;		/* NULL: none, or it has a DT_RUNPATH */
	char origin[PATH_MAX];
};

/* An object's dynamic section: what it needs and where to look. */
struct sonde_dyn {
	const char *needed[256];
	size_t nneeded;
	const char *rpath, *runpath;
	char origin[PATH_MAX];	/* its directory, for $ORIGIN */
};

/* A readable x86-64 ELF file: one ld.so would load here. */
static bool sonde_lib_ok(const char *path)
{
	unsigned char h[20];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool ok;

	if (fd < 0)
		return false;
	ok = pread(fd, h, sizeof(h), 0) == (ssize_t)sizeof(h) &&
	     !memcmp(h, ELFMAG, SELFMAG) && h[EI_CLASS] == ELFCLASS64 &&
	     h[EI_DATA] == ELFDATA2LSB && h[18] == EM_X86_64 && h[19] == 0;
	close(fd);
	return ok;
}

/* One search-path entry with $ORIGIN / ${ORIGIN} and $LIB expanded;
 * false for another dynamic string token (ld.so's $PLATFORM). */
static bool sonde_dir_expand(const char *p, size_t len, const char *origin,
			     char *out, size_t outlen)
{
	static const struct { const char *tok, *val; } toks[] = {
		{ "${ORIGIN}", NULL }, { "$ORIGIN", NULL },
		{ "${LIB}", "lib/x86_64-linux-gnu" },
		{ "$LIB", "lib/x86_64-linux-gnu" },
	};
	const char *end = p + len, *val;
	size_t o = 0, i, n;

	while (p < end) {
		if (*p != '$') {
			if (o + 1 >= outlen)
				return false;
			out[o++] = *p++;
			continue;
		}
		for (i = 0; i < sizeof(toks) / sizeof(toks[0]); i++) {
			n = strlen(toks[i].tok);
			if ((size_t)(end - p) >= n && !strncmp(p, toks[i].tok, n))
				break;
		}
		if (i == sizeof(toks) / sizeof(toks[0]))
			return false;
		val = toks[i].val ? toks[i].val : origin;
		if (o + strlen(val) >= outlen)
			return false;
		memcpy(out + o, val, strlen(val));
		o += strlen(val);
		p += n;
	}
	out[o] = '\0';
	return true;
}

/* @name in one of @dirs (':'-separated); the path into @out. */
static bool sonde_lib_in(const char *dirs, const char *origin,
			 const char *name, char *out, size_t outlen)
{
	char dir[PATH_MAX];
	const char *p, *e;
	int len;

	for (p = dirs; p && *p; p = *e ? e + 1 : e) {
		e = p + strcspn(p, ":");
		if (e == p || !sonde_dir_expand(p, (size_t)(e - p), origin, dir,
						sizeof(dir)))
			continue;
		len = snprintf(out, outlen, "%s/%s", dir, name);
		if (len > 0 && (size_t)len < outlen && sonde_lib_ok(out))
			return true;
	}
	return false;
}

static bool sonde_lib_find(const char *name, const struct sonde_dyn *dy,
			   const struct sonde_prog *pg, char *out,
			   size_t outlen)
{
	size_t i;
	int len;

	if (strchr(name, '/')) {
		snprintf(out, outlen, "%s", name);
		return sonde_lib_ok(out);
	}
	if (!dy->runpath &&
	    (sonde_lib_in(dy->rpath, dy->origin, name, out, outlen) ||
	     sonde_lib_in(pg->rpath, pg->origin, name, out, outlen)))
		return true;
	if (sonde_lib_in(dy->runpath, dy->origin, name, out, outlen))
		return true;
	for (i = 0; i < sizeof(sonde_libdirs) / sizeof(sonde_libdirs[0]); i++) {
		len = snprintf(out, outlen, "%s/%s", sonde_libdirs[i], name);
		if (len > 0 && (size_t)len < outlen && sonde_lib_ok(out))
			return true;
	}
	return false;
}

/* The interpreter (PT_INTERP) of @x into @v. */
static int sonde_interp(struct sonde_elf *x, char ***v, size_t *n)
{
	char interp[PATH_MAX];
	GElf_Phdr ph;
	size_t nph, i;

	if (elf_getphdrnum(x->e, &nph))
		return 0;
	for (i = 0; i < nph; i++) {
		if (!gelf_getphdr(x->e, (int)i, &ph) || ph.p_type != PT_INTERP ||
		    !ph.p_filesz || ph.p_filesz >= sizeof(interp))
			continue;
		if (pread(x->fd, interp, ph.p_filesz, (off_t)ph.p_offset) !=
		    (ssize_t)ph.p_filesz)
			continue;
		interp[ph.p_filesz] = '\0';
		if (sonde_lib_ok(interp))
			return sonde_strv_add(v, n, interp);
	}
	return 0;
}

static void sonde_dyn_read(Elf *e, struct sonde_dyn *dy)
{
	Elf_Scn *scn = NULL;
	Elf_Data *d;
	GElf_Shdr sh;
	GElf_Dyn dyn;
	const char *s;
	size_t i;

	while ((scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNAMIC ||
		    !sh.sh_entsize || !(d = elf_getdata(scn, NULL)))
			continue;
		for (i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			if (!gelf_getdyn(d, (int)i, &dyn) ||
			    dyn.d_tag == DT_NULL)
				break;
			if (dyn.d_tag != DT_NEEDED && dyn.d_tag != DT_RUNPATH &&
			    dyn.d_tag != DT_RPATH)
				continue;
			s = elf_strptr(e, sh.sh_link, dyn.d_un.d_val);
			if (!s)
				continue;
			if (dyn.d_tag == DT_RPATH)
				dy->rpath = s;
			else if (dyn.d_tag == DT_RUNPATH)
				dy->runpath = s;
			else if (dy->nneeded < sizeof(dy->needed) /
					       sizeof(dy->needed[0]))
				dy->needed[dy->nneeded++] = s;
		}
	}
}

/* The directory @path is in (symbolic links resolved), for $ORIGIN. */
static void sonde_origin(const char *path, char *out, size_t outlen)
{
	char real[PATH_MAX], *slash;

	if (!realpath(path, real))
		snprintf(real, sizeof(real), "%s", path);
	slash = strrchr(real, '/');
	if (!slash)
		snprintf(out, outlen, ".");
	else if (slash == real)
		snprintf(out, outlen, "/");
	else
		snprintf(out, outlen, "%.*s", (int)(slash - real), real);
}

/*
 * Append @path's interpreter and the libraries it needs to @v.  With
 * @pg NULL @path is the program, and its DT_RPATH goes into @prog.
 */
static int sonde_needed_of(const char *path, const struct sonde_prog *pg,
			   struct sonde_prog *prog, char ***v, size_t *n)
{
	struct sonde_dyn *dy;
	char found[PATH_MAX];
	struct sonde_elf x;
	size_t i;
	int ret;

	ret = sonde_elf_open(&x, path, NULL, 0);
	if (ret)
		return ret;
	dy = calloc(1, sizeof(*dy));
	if (!dy) {
		sonde_elf_close(&x);
		return -ENOMEM;
	}
	sonde_origin(path, dy->origin, sizeof(dy->origin));
	sonde_dyn_read(x.e, dy);
	if (!pg) {
		memcpy(prog->origin, dy->origin, sizeof(prog->origin));
		if (dy->rpath && !dy->runpath &&
		    !(prog->rpath = strdup(dy->rpath)))
			ret = -ENOMEM;
		pg = prog;
	}
	if (!ret)
		ret = sonde_interp(&x, v, n);
	for (i = 0; i < dy->nneeded && !ret; i++) {
		if (sonde_lib_find(dy->needed[i], dy, pg, found, sizeof(found)))
			ret = sonde_strv_add(v, n, found);
	}
	free(dy);
	sonde_elf_close(&x);
	return ret;
}

int sonde_elf_needed(const char *path, char ***paths, size_t *n)
{
	struct sonde_prog prog = { 0 };
	char **v = NULL;
	size_t nv = 0, i;
	int ret;

	*paths = NULL;
	*n = 0;
	ret = sonde_needed_of(path, NULL, &prog, &v, &nv);
	/* breadth first: what the libraries need, each once; a library
	 * that is no ELF file after all needs nothing */
	for (i = 0; i < nv && !ret; i++) {
		ret = sonde_needed_of(v[i], &prog, NULL, &v, &nv);
		if (ret == -ENOEXEC || ret == -ENOENT || ret == -EACCES)
			ret = 0;
	}
	free(prog.rpath);
	if (ret) {
		sonde_strv_free(v, nv);
		return ret;
	}
	*paths = v;
	*n = nv;
	return 0;
}
