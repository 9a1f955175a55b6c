// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_dc.c - a libFuzzer target over the D compiler (lexer, parser,
 * semantic checks, code generator, the serialiser and the verifier
 * self-check behind dc_compile()), built with ASan and UBSan
 * (`make fuzz-dc`, `make unit-fuzz-dc`).
 *
 * The property: whatever the bytes, the compiler returns a program or
 * NULL with diagnostics, without a sanitizer report, a leak (LSan) or a
 * hang.  Every input (copied NUL-terminated into a malloc'd buffer of
 * exactly its size, so ASan sees a read past the terminator) is compiled:
 *
 *  (a) as a script (-s), with $target and a few macro arguments set or
 *      not, chosen by a hash of the input so the choice is stable for a
 *      given input;
 *  (b) as a -n probespec (DC_IN_PROBESPEC: the body may be omitted);
 *  (c) when it holds NUL bytes, as several inputs at once (one per
 *      NUL-separated piece, at most 4, script and probespec alternating),
 *      as "sonde -n A -s B -n C" would compile them.
 *
 * A compiled program goes through dc_dump() (the -S disassembler) and
 * diagnostics through dc_diags_print(), both into /dev/null, then
 * everything is freed.  The C preprocessor (-C) is not used: it forks.
 * Kernel types come from the compiler tests' BTF fixture (written once,
 * in a temporary directory; dc_btf_fixture.c), and half the inputs see
 * the D library (userland/dlib: translators, psinfo_t...), as the
 * command does.
 * Seeds: the compiler corpus userland/tests/dc/ (read-only) and the
 * dictionary userland/tests/fuzz/d.dict.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dc.h"
#include "dc_btf_fixture.h"
#include "program.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_MAX_SIZE	(64 * 1024)
#define FZ_MAX_INPUTS	4

static FILE *fz_null(void)
{
	static FILE *null;

	if (!null)
		null = fopen("/dev/null", "w");
	return null;
}

static char fz_dir[64] = "/tmp/fuzz_dc_btf.XXXXXX";

static void fz_btfdir_rm(void)
{
	char path[96];

	snprintf(path, sizeof(path), "%s/vmlinux", fz_dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/sonde_mod", fz_dir);
	unlink(path);
	rmdir(fz_dir);
}

/* The fixture's BTF directory, written at the first input and removed at
 * exit (a directory with none when it cannot be written). */
static const char *fz_btfdir(void)
{
	static int state;	/* 0: not yet, 1: written, -1: failed */

	if (!state) {
		state = mkdtemp(fz_dir) ? 1 : -1;
		if (state > 0)
			atexit(fz_btfdir_rm);
		if (state > 0 && dc_btf_fixture(fz_dir))
			state = -1;
	}
	return state > 0 ? fz_dir : "/nonexistent/btf";
}

/* FNV-1a: a stable choice of options per input. */
static uint32_t fz_hash(const uint8_t *d, size_t n)
{
	uint32_t h = 2166136261u;

	while (n--)
		h = (h ^ *d++) * 16777619u;
	return h;
}

static void fz_compile(struct dc *dc, struct dc_input *in, unsigned int nin,
		       const struct dc_opts *o)
{
	struct sonde_program *p;
	FILE *null = fz_null();
	unsigned int i, n;

	p = dc_compile(dc, in, nin, o);
	n = dc_ndiags(dc);
	for (i = 0; i < n; i++) {
		const struct dc_diag *d = dc_diag_get(dc, i);

		/* touch every string: ASan checks they are still alive */
		if (!d || !d->tag || !d->msg || !d->file ||
		    strlen(d->tag) + strlen(d->msg) + strlen(d->file) +
		    (d->srcline ? strlen(d->srcline) : 0) == 0)
			__builtin_trap();
	}
	if (null) {
		dc_diags_print(dc, null, "fuzz: ");
		if (p)
			dc_dump(null, p);
	}
	if (!p && !n)
		__builtin_trap();	/* an error without a diagnostic */
	if (p)
		sonde_program_free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *const argv[] = { "42", "hello", "0x10", "-5", "", "1+1" };
	static const char *const libdirs[] = { "userland/dlib", NULL };
	struct dc_opts o = { .sz = sizeof(o), .target = -1 };
	struct dc_input in[FZ_MAX_INPUTS];
	struct sonde_program *p;
	struct dc *dc;
	uint32_t h;
	char *text;
	size_t off;
	unsigned int nin;

	if (size > FZ_MAX_SIZE)
		return -1;
	h = fz_hash(data, size);
	if (h & 1)
		o.target = h & 2 ? 1234 : 1;
	o.argc = (h >> 2) % 7;		/* 0 .. 6 macro arguments */
	o.argv = o.argc ? argv : NULL;
	o.btf_dir = fz_btfdir();
	if (h & 0x100)
		o.libdirs = libdirs;

	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	dc = dc_new();
	if (!dc) {
		free(text);
		return 0;
	}

	/* (a) the whole input (up to its first NUL) as a script */
	p = dc_compile_str(dc, (h & 4) ? "fuzz.d" : NULL, text, &o);
	if (p)
		sonde_program_free(p);
	else if (!dc_ndiags(dc))
		__builtin_trap();

	/* (b) as a -n probespec, on the same handle (diagnostics reset) */
	memset(in, 0, sizeof(in));
	in[0].text = text;
	in[0].kind = DC_IN_PROBESPEC;
	fz_compile(dc, in, 1, &o);

	/* (c) NUL-separated pieces as several inputs */
	if (memchr(data, '\0', size)) {
		memset(in, 0, sizeof(in));
		for (nin = 0, off = 0; off <= size && nin < FZ_MAX_INPUTS;
		     nin++) {
			in[nin].name = nin & 1 ? "piece.d" : NULL;
			in[nin].text = text + off;
			in[nin].kind = nin & 1 ? DC_IN_SCRIPT : DC_IN_PROBESPEC;
			off += strlen(text + off) + 1;
		}
		fz_compile(dc, in, nin, &o);
	}

	dc_free(dc);
	free(text);
	return 0;
}
