// SPDX-License-Identifier: GPL-2.0
/*
 * test_cfi.c - cfi.c's unwind rows, against the selftests' cfi-prog
 * (-O2 -fomit-frame-pointer, .eh_frame) and libcfi.so (one half without
 * frame pointers, the other with them and no unwind tables), and the
 * host's libc:
 *
 *   test_cfi CFI-PROG LIBCFI.SO LIBC.SO
 *
 * The rows are sorted; a function without a frame pointer starts at
 * CFA = RSP + 8 and has RSP + 16 after its push; the PLT's expression is
 * the PLT rule; _start (its return address undefined) is STOP; code
 * without unwind tables is NONE; a DW_CFA_restore_state after an
 * epilogue brings the CFA back (by_value's code after its `ret`); libc's
 * syscall() is RSP + 8 throughout; a file that is not ELF is refused.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libsonde.h"
#include "unit.h"

/* @name's address and size in @path's .symtab or .dynsym, or 0. */
static uint64_t sym_addr(const char *path, const char *name, uint64_t *size)
{
	Elf_Scn *scn = NULL;
	uint64_t addr = 0;
	GElf_Shdr sh;
	GElf_Sym s;
	Elf_Data *d;
	size_t i;
	int fd;
	Elf *e;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	while (e && !addr && (scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, &sh) ||
		    (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM))
			continue;
		d = elf_getdata(scn, NULL);
		for (i = 0; d && i < sh.sh_size / sh.sh_entsize; i++) {
			const char *n;

			if (!gelf_getsym(d, (int)i, &s))
				continue;
			n = elf_strptr(e, sh.sh_link, s.st_name);
			if (n && !strcmp(n, name) && s.st_value) {
				addr = s.st_value;
				*size = s.st_size;
				break;
			}
		}
	}
	if (e)
		elf_end(e);
	close(fd);
	return addr;
}

/* The row covering @pc, or NULL. */
static const struct sonde_utab_row *row_at(const struct sonde_cfi *c,
					   uint64_t pc)
{
	const struct sonde_utab_row *r = NULL;
	uint32_t i;

	for (i = 0; i < c->nrows && c->rows[i].pc <= pc; i++)
		r = &c->rows[i];
	return r;
}

static bool sorted(const struct sonde_cfi *c)
{
	uint32_t i;

	for (i = 1; i < c->nrows; i++)
		if (c->rows[i].pc <= c->rows[i - 1].pc)
			return false;
	return c->nrows > 0;
}

static bool is_sp(const struct sonde_utab_row *r, int32_t cfa)
{
	return r && r->rule == SONDE_UROW_SP && r->cfa_off == cfa &&
	       r->ra_off == -8;
}

static void test_prog(const char *path)
{
	struct sonde_cfi c;
	uint64_t a, size = 0;
	bool plt = false, restored = false;
	uint32_t i;

	check(sonde_cfi_read(path, &c) == 0, "%s: read", path);
	check(sorted(&c), "%s: %u rows, sorted", path, c.nrows);
	a = sym_addr(path, "gamma", &size);
	check(a && is_sp(row_at(&c, a), 8) && is_sp(row_at(&c, a + 1), 16),
	      "gamma: RSP + 8 at its entry, RSP + 16 after its push");
	a = sym_addr(path, "_start", &size);
	check(a && row_at(&c, a + 4) &&
	      row_at(&c, a + 4)->rule == SONDE_UROW_STOP,
	      "_start: STOP (its return address is undefined)");
	for (i = 0; i < c.nrows; i++)
		if (c.rows[i].rule == SONDE_UROW_PLT && c.rows[i].arg == 11 &&
		    c.rows[i].cfa_off == 8)
			plt = true;
	check(plt, "the PLT's CFA expression: the PLT rule, threshold 11");
	/* by_value returns early; its code after the `ret` is under the
	 * CFA it had before the epilogue (remember/restore_state) */
	a = sym_addr(path, "by_value", &size);
	for (i = 1; a && i < c.nrows; i++)
		if (c.rows[i].pc > a && c.rows[i].pc < a + size &&
		    c.rows[i - 1].rule == SONDE_UROW_SP &&
		    c.rows[i - 1].cfa_off == 8 &&
		    c.rows[i].rule == SONDE_UROW_SP &&
		    c.rows[i].cfa_off > 8)
			restored = true;
	check(restored, "by_value: DW_CFA_restore_state restores the CFA");
	sonde_cfi_free(&c);
}

static void test_lib(const char *path)
{
	struct sonde_cfi c;
	uint64_t a, size = 0;

	check(sonde_cfi_read(path, &c) == 0 && sorted(&c), "%s: read, sorted",
	      path);
	a = sym_addr(path, "lib_inner", &size);
	check(a && is_sp(row_at(&c, a), 8), "lib_inner: RSP + 8");
	a = sym_addr(path, "fp_inner", &size);
	check(a && row_at(&c, a) && row_at(&c, a)->rule == SONDE_UROW_NONE &&
	      row_at(&c, a + size - 1)->rule == SONDE_UROW_NONE,
	      "fp_inner (no unwind tables): NONE, frame pointers");
	sonde_cfi_free(&c);
}

static void test_libc(const char *path)
{
	struct sonde_cfi c;
	uint64_t a, size = 0, i;
	bool all = true;

	check(sonde_cfi_read(path, &c) == 0 && sorted(&c), "%s: read, sorted",
	      path);
	a = sym_addr(path, "syscall", &size);
	for (i = 0; a && i < size; i++)
		if (!is_sp(row_at(&c, a + i), 8))
			all = false;
	check(a && size && all, "libc syscall(): RSP + 8 throughout");
	sonde_cfi_free(&c);
}

int main(int argc, char **argv)
{
	struct sonde_cfi c;
	char tmp[] = "/tmp/test_cfi.XXXXXX";
	int fd;

	if (argc != 4) {
		fprintf(stderr, "usage: test_cfi CFI-PROG LIBCFI.SO LIBC.SO\n");
		return 2;
	}
	test_prog(argv[1]);
	test_lib(argv[2]);
	test_libc(argv[3]);
	fd = mkstemp(tmp);
	if (fd >= 0) {
		if (write(fd, "not an ELF file\n", 16) != 16)
			fd = -1;
		check(sonde_cfi_read(tmp, &c) == -ENOEXEC && !c.nrows,
		      "not ELF: -ENOEXEC");
		unlink(tmp);
		close(fd);
	}
	check(sonde_cfi_read("/nonexistent/x", &c) == -ENOENT,
	      "no file: -ENOENT");
	unit_plan();
	return unit_summary("");
}
