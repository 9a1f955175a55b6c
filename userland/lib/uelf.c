// SPDX-License-Identifier: GPL-2.0
/*
 * uelf.c - the ELF side of user probes (uelf.h): SDT notes and their
 * argument specs, function symbols, a process's objects, a program's
 * libraries.  libelf does the ELF reading.  Consumer thread only.
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

#include "uelf.h"

/* ---- argument specs ------------------------------------------------- */

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
};

/* "%reg" at *pp: its number, *pp past it; -1 if not a register we read. */
static int sonde_xreg(const char **pp)
{
	const char *p = *pp;
	size_t n = 0, i;

	if (*p != '%')
		return -1;
	p++;
	while (isalnum((unsigned char)p[n]))
		n++;
	for (i = 0; i < sizeof(sonde_xregs) / sizeof(sonde_xregs[0]); i++) {
		if (strlen(sonde_xregs[i].name) == n &&
		    !strncmp(p, sonde_xregs[i].name, n)) {
			*pp = p + n;
			return sonde_xregs[i].reg;
		}
	}
	return -1;		/* %ah..%dh, %rip, segment and vector registers */
}

static bool sonde_num(const char **pp, int64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoll(*pp, &end, 0);
	if (end == *pp || errno)
		return false;
	*pp = end;
	return true;
}

int sonde_uarg_parse(const char *spec, struct sonde_uarg *a)
{
	const char *p = spec, *at = strchr(spec, '@');
	int64_t v;
	int r;

	memset(a, 0, sizeof(*a));
	a->size = 8;
	if (at) {
		if (!sonde_num(&p, &v) || p != at)
			return -EINVAL;
		if (v != 1 && v != 2 && v != 4 && v != 8 && v != -1 &&
		    v != -2 && v != -4 && v != -8)
			return -EINVAL;
		a->size = (int8_t)v;
		p = at + 1;
	}
	if (*p == '$') {		/* a constant */
		p++;
		if (!sonde_num(&p, &v) || *p)
			return -EINVAL;
		a->kind = SONDE_UARG_CONST;
		a->disp = v;
		return 0;
	}
	if (*p == '%') {		/* a register */
		r = sonde_xreg(&p);
		if (r < 0 || *p)
			return -EINVAL;
		a->kind = SONDE_UARG_REG;
		a->base = (uint8_t)r;
		return 0;
	}
	/* memory: [disp](base[,index[,scale]]) */
	a->kind = SONDE_UARG_MEM;
	a->base = a->index = SONDE_UREG_NONE;
	if (*p != '(') {
		if (!sonde_num(&p, &v))
			return -EINVAL;	/* a symbol: sym(%rip) */
		a->disp = v;
	}
	if (*p != '(')
		return -EINVAL;
	p++;
	if (*p != ',') {
		r = sonde_xreg(&p);
		if (r < 0)
			return -EINVAL;
		a->base = (uint8_t)r;
	}
	if (*p == ',') {
		p++;
		r = sonde_xreg(&p);
		if (r < 0)
			return -EINVAL;
		a->index = (uint8_t)r;
		a->scale = 1;
		if (*p == ',') {
			p++;
			if (!sonde_num(&p, &v) ||
			    (v != 1 && v != 2 && v != 4 && v != 8))
				return -EINVAL;
			a->scale = (uint8_t)v;
		}
	}
	if (*p != ')' || p[1])
		return -EINVAL;
	return 0;
}

/* ---- ELF helpers ------------------------------------------------------ */

struct sonde_elf {
	int fd;
	Elf *e;
};

static void sonde_errf(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void sonde_errf(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static int sonde_elf_open(struct sonde_elf *x, const char *path, char *err,
			  size_t errlen)
{
	int e;

	x->e = NULL;
	x->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (x->fd < 0) {
		e = errno;
		sonde_errf(err, errlen, "%s: %s", path, strerror(e));
		return -e;
	}
	elf_version(EV_CURRENT);
	x->e = elf_begin(x->fd, ELF_C_READ, NULL);
	if (!x->e || elf_kind(x->e) != ELF_K_ELF ||
	    gelf_getclass(x->e) != ELFCLASS64) {
		sonde_errf(err, errlen, "%s: not a 64-bit ELF file", path);
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

	if (x->va != y->va)
		return x->va < y->va ? -1 : 1;
	/* at one address, global names first */
	return (int)y->global - (int)x->global;
}

/* Function symbols of @e from .symtab, else .dynsym, sorted by address. */
static int sonde_fsyms(Elf *e, struct sonde_fsym **out, size_t *nout)
{
	struct sonde_fsym *v = NULL, *t;
	size_t n = 0, cap = 0, i, k;
	Elf_Scn *scn = NULL;
	Elf_Data *d;
	GElf_Shdr sh;
	GElf_Sym sym;
	int pass;

	for (pass = 0; pass < 2 && n == 0; pass++) {
		uint32_t want = pass == 0 ? SHT_SYMTAB : SHT_DYNSYM;

		scn = NULL;
		while ((scn = elf_nextscn(e, scn))) {
			if (!gelf_getshdr(scn, &sh) || sh.sh_type != want ||
			    !sh.sh_entsize)
				continue;
			d = elf_getdata(scn, NULL);
			if (!d)
				continue;
			for (i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
				const char *name;
				int type;

				if (!gelf_getsym(d, (int)i, &sym))
					continue;
				type = GELF_ST_TYPE(sym.st_info);
				if ((type != STT_FUNC && type != STT_GNU_IFUNC) ||
				    sym.st_shndx == SHN_UNDEF || !sym.st_value)
					continue;
				name = elf_strptr(e, sh.sh_link, sym.st_name);
				if (!name || !*name)
					continue;
				if (n == cap) {
					cap = cap ? cap * 2 : 256;
					t = realloc(v, cap * sizeof(*v));
					if (!t) {
						free(v);
						return -ENOMEM;
					}
					v = t;
				}
				v[n].va = sym.st_value;
				v[n].size = sym.st_size;
				v[n].name = name;
				v[n].global = GELF_ST_BIND(sym.st_info) != STB_LOCAL;
				n++;
			}
		}
	}
	if (n)
		qsort(v, n, sizeof(*v), sonde_fsym_va_cmp);
	/* one symbol per address: the first (a global one if any) */
	for (i = 0, k = 0; i < n; i++) {
		if (k && v[k - 1].va == v[i].va)
			continue;
		v[k++] = v[i];
	}
	*out = v;
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

/* One note's descriptor: pc, base, semaphore, provider, name, args. */
static int sonde_sdt_note(Elf *e, const uint8_t *desc, size_t len,
			  uint64_t base_now, bool have_base,
			  const struct sonde_fsym *fs, size_t nfs,
			  struct sonde_usite *s)
{
	const char *prov, *name, *args, *end = (const char *)desc + len;
	uint64_t pc, base, sem;
	char spec[128];
	const char *p;

	if (len < 3 * 8 + 3)
		return -EINVAL;
	memcpy(&pc, desc, 8);
	memcpy(&base, desc + 8, 8);
	memcpy(&sem, desc + 16, 8);
	prov = (const char *)desc + 24;
	name = memchr(prov, 0, end - prov);
	if (!name || ++name >= end)
		return -EINVAL;
	args = memchr(name, 0, end - name);
	if (!args || ++args > end)
		return -EINVAL;
	if (args == end || !memchr(args, 0, end - args))
		args = "";
	if (have_base) {		/* prelinked: move by the base's move */
		pc += base_now - base;
		if (sem)
			sem += base_now - base;
	}
	memset(s, 0, sizeof(*s));
	snprintf(s->provider, sizeof(s->provider), "%s", prov);
	snprintf(s->name, sizeof(s->name), "%s", name);
	snprintf(s->function, sizeof(s->function), "%s",
		 sonde_fsym_at(fs, nfs, pc));
	if (!sonde_va_to_off(e, pc, &s->offset))
		return -EINVAL;
	if (sem && !sonde_va_to_off(e, sem, &s->refctr))
		return -EINVAL;
	for (p = args; *p && s->nargs < SONDE_UPROBE_MAX_ARGS;) {
		size_t n;

		while (*p == ' ')
			p++;
		n = strcspn(p, " ");
		if (!n)
			break;
		if (n >= sizeof(spec))
			return -EINVAL;
		memcpy(spec, p, n);
		spec[n] = '\0';
		if (sonde_uarg_parse(spec, &s->args[s->nargs]))
			return -EINVAL;
		s->nargs++;
		p += n;
	}
	return 0;
}

int sonde_usdt_read(const char *path, struct sonde_usite **sites,
		    size_t *nsites, char *err, size_t errlen)
{
	struct sonde_usite *v = NULL, *t;
	size_t n = 0, cap = 0, nfs = 0;
	struct sonde_fsym *fs = NULL;
	uint64_t base_now = 0;
	bool have_base = false;
	struct sonde_elf x;
	Elf_Scn *scn;
	GElf_Shdr sh;
	int ret;

	*sites = NULL;
	*nsites = 0;
	ret = sonde_elf_open(&x, path, err, errlen);
	if (ret)
		return ret;
	if (sonde_scn_named(x.e, ".stapsdt.base", &sh)) {
		base_now = sh.sh_addr;
		have_base = true;
	}
	scn = sonde_scn_named(x.e, ".note.stapsdt", &sh);
	if (!scn || sh.sh_type != SHT_NOTE)
		goto out;		/* no USDT probes: not an error */
	ret = sonde_fsyms(x.e, &fs, &nfs);
	if (ret)
		goto out;
	{
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t off = 0, noff, doff;
		GElf_Nhdr nh;

		while (d && (off = gelf_getnote(d, off, &nh, &noff, &doff))) {
			const char *owner = (const char *)d->d_buf + noff;

			if (nh.n_type != SONDE_NT_STAPSDT || nh.n_namesz != 8 ||
			    memcmp(owner, "stapsdt", 8))
				continue;
			if (n == cap) {
				cap = cap ? cap * 2 : 32;
				t = realloc(v, cap * sizeof(*v));
				if (!t) {
					ret = -ENOMEM;
					goto out;
				}
				v = t;
			}
			/* a note sonde cannot read (a %rip operand) is left
			 * out: it could only ever give wrong arguments */
			if (!sonde_sdt_note(x.e, (const uint8_t *)d->d_buf + doff,
					    nh.n_descsz, base_now, have_base,
					    fs, nfs, &v[n]))
				n++;
		}
	}
out:
	free(fs);
	sonde_elf_close(&x);
	if (ret) {
		free(v);
		sonde_errf(err, errlen, "%s: %s", path, strerror(-ret));
		return ret;
	}
	*sites = v;
	*nsites = n;
	return 0;
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

static const char *const sonde_libdirs[] = {
	"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64",
	"/usr/lib64", "/lib", "/usr/lib", "/usr/local/lib",
};

/* Find library @name in @runpath (':'-separated, $ORIGIN = @origin) or
 * the standard directories. */
static bool sonde_lib_find(const char *name, const char *runpath,
			   const char *origin, char *out, size_t outlen)
{
	const char *p, *e;
	size_t i;

	if (strchr(name, '/')) {
		snprintf(out, outlen, "%s", name);
		return access(out, R_OK) == 0;
	}
	for (p = runpath; p && *p; p = *e ? e + 1 : e) {
		char dir[PATH_MAX];
		size_t dl;
		int len;

		e = strchr(p, ':');
		if (!e)
			e = p + strlen(p);
		dl = (size_t)(e - p);
		if (dl >= sizeof(dir))
			continue;
		memcpy(dir, p, dl);
		dir[dl] = '\0';

		if (!strncmp(dir, "$ORIGIN", 7))
			len = snprintf(out, outlen, "%s%s/%s", origin, dir + 7,
				       name);
		else
			len = snprintf(out, outlen, "%s/%s", dir, name);
		if (len > 0 && (size_t)len < outlen && access(out, R_OK) == 0)
			return true;
	}
	for (i = 0; i < sizeof(sonde_libdirs) / sizeof(sonde_libdirs[0]); i++) {
		int len = snprintf(out, outlen, "%s/%s", sonde_libdirs[i],
				   name);

		if (len > 0 && (size_t)len < outlen && access(out, R_OK) == 0)
			return true;
	}
	return false;
}

/* Append @path's interpreter and DT_NEEDED libraries to @v. */
static int sonde_needed_of(const char *path, char ***v, size_t *n)
{
	char origin[PATH_MAX], found[PATH_MAX];
	const char *runpath = NULL;
	char *needed[256];
	size_t nneeded = 0, i, nph;
	struct sonde_elf x;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	GElf_Phdr ph;
	int ret;

	if (sonde_elf_open(&x, path, NULL, 0))
		return 0;		/* not ELF: nothing it needs */
	snprintf(origin, sizeof(origin), "%s", path);
	*strrchr(origin, '/') = '\0';
	if (!elf_getphdrnum(x.e, &nph)) {
		for (i = 0; i < nph; i++) {
			char interp[PATH_MAX];

			if (!gelf_getphdr(x.e, (int)i, &ph) ||
			    ph.p_type != PT_INTERP || !ph.p_filesz ||
			    ph.p_filesz >= sizeof(interp))
				continue;
			if (pread(x.fd, interp, ph.p_filesz, ph.p_offset) !=
			    (ssize_t)ph.p_filesz)
				continue;
			interp[ph.p_filesz] = '\0';
			if (access(interp, R_OK) == 0 &&
			    (ret = sonde_strv_add(v, n, interp)))
				goto out;
		}
	}
	while ((scn = elf_nextscn(x.e, scn))) {
		Elf_Data *d;
		GElf_Dyn dyn;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNAMIC ||
		    !sh.sh_entsize)
			continue;
		d = elf_getdata(scn, NULL);
		for (i = 0; d && i < sh.sh_size / sh.sh_entsize; i++) {
			const char *s;

			if (!gelf_getdyn(d, (int)i, &dyn))
				continue;
			if (dyn.d_tag != DT_NEEDED && dyn.d_tag != DT_RUNPATH &&
			    dyn.d_tag != DT_RPATH)
				continue;
			s = elf_strptr(x.e, sh.sh_link, dyn.d_un.d_val);
			if (!s)
				continue;
			if (dyn.d_tag != DT_NEEDED)
				runpath = s;
			else if (nneeded < sizeof(needed) / sizeof(needed[0]))
				needed[nneeded++] = (char *)s;
		}
	}
	ret = 0;
	for (i = 0; i < nneeded && !ret; i++) {
		if (sonde_lib_find(needed[i], runpath, origin, found,
				   sizeof(found)))
			ret = sonde_strv_add(v, n, found);
	}
out:
	sonde_elf_close(&x);
	return ret;
}

int sonde_elf_needed(const char *path, char ***paths, size_t *n)
{
	char **v = NULL;
	size_t nv = 0, i;
	int ret;

	*paths = NULL;
	*n = 0;
	ret = sonde_needed_of(path, &v, &nv);
	/* breadth first: what the libraries need, each once */
	for (i = 0; i < nv && !ret; i++)
		ret = sonde_needed_of(v[i], &v, &nv);
	if (ret) {
		sonde_strv_free(v, nv);
		return ret;
	}
	*paths = v;
	*n = nv;
	return 0;
}
