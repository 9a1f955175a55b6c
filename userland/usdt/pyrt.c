// SPDX-License-Identifier: GPL-2.0
/*
 * pyrt.c - CPython runtimes for jstack(): what the kernel needs to walk a
 * Python thread's frames (struct sonde_pyoffsets, the runtime's address)
 * and what the consumer needs to print them (the interpreter function
 * that runs them, the line a frame is at).  All of CPython's layout
 * knowledge lives here: the kernel is handed offsets as data.
 *
 * A runtime is found in an ELF file (an executable such as Debian's
 * /usr/bin/python3.11, which links libpython in, or a libpython shared
 * object) by its symbols: _PyRuntime, Py_Version (3.11 and later export
 * it; its value in the file is PY_VERSION_HEX) and
 * _PyEval_EvalFrameDefault.  CPython 3.11's offsets are the table below,
 * those of Debian's 3.11 build (offsetof() against its internal headers,
 * checked against a live interpreter by userland/tests/test_pyrt.c).
 *
 * Lines: 3.11's code objects keep a location table (co_linetable, a
 * bytes object, CPython's Objects/locations.md format); the consumer reads
 * it from the process and sonde_py_addr2line() decodes it.
 *
 * Callers: libsonde's run loop (helpers for the kernel) and consumer
 * (lines), the tests.  Consumer thread only.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "usdt.h"

/*
 * CPython 3.11 on x86-64 (PY_VERSION_HEX 0x030b....).  _PyRuntimeState:
 * interpreters.head 40, gilstate.tstate_current 576; PyInterpreterState:
 * next 0, threads.head 16; PyThreadState: next 8, cframe 56,
 * native_thread_id 160; _PyCFrame: current_frame 8; _PyInterpreterFrame:
 * f_code 32, previous 48, prev_instr 56, is_entry 68, owner 69;
 * PyCodeObject: co_firstlineno 72, co_filename 112, co_name 120,
 * co_linetable 136, co_code_adaptive 184; PyASCIIObject: length 16,
 * state 32 (interned:2 kind:3 compact:1 ascii:1 ready:1), 48 bytes;
 * PyCompactUnicodeObject: 72 bytes; PyBytesObject: ob_size 16, ob_sval
 * 32.
 */
static const struct sonde_pyoffsets sonde_py311 = {
	.rt_interp_head = 40,
	.rt_tstate_current = 576,
	.is_next = 0,
	.is_threads_head = 16,
	.ts_next = 8,
	.ts_native_tid = 160,
	.ts_cframe = 56,
	.ts_frame = 8,
	.fr_code = 32,
	.fr_previous = 48,
	.fr_instr = 56,
	.fr_entry = 68,
	.fr_owner = 69,
	.owner_skip = SONDE_PYOFF_NONE,
	.co_name = 120,
	.co_filename = 112,
	.co_firstlineno = 72,
	.co_code = 184,
	.str_length = 16,
	.str_state = 32,
	.str_ascii_data = 48,
	.str_compact_data = 72,
	.state_kind_shift = 2,
	.state_compact_bit = 5,
	.state_ascii_bit = 6,
};

struct sonde_pysyms {
	uint64_t runtime, version, eval, eval_size;
	bool have_runtime, have_version, have_eval;
};

/* The three symbols, from .dynsym and .symtab alike. */
static void sonde_pyrt_syms(Elf *e, struct sonde_pysyms *s)
{
	Elf_Scn *scn = NULL;
	Elf_Data *d;
	GElf_Shdr sh;
	GElf_Sym sym;
	const char *name;
	size_t i;

	while ((scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, &sh) || !sh.sh_entsize ||
		    (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) ||
		    !(d = elf_getdata(scn, NULL)))
			continue;
		for (i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			if (!gelf_getsym(d, (int)i, &sym) ||
			    sym.st_shndx == SHN_UNDEF || !sym.st_value)
				continue;
			name = elf_strptr(e, sh.sh_link, sym.st_name);
			if (!name)
				continue;
			if (!strcmp(name, "_PyRuntime")) {
				s->runtime = sym.st_value;
				s->have_runtime = true;
			} else if (!strcmp(name, "Py_Version")) {
				s->version = sym.st_value;
				s->have_version = true;
			} else if (!strcmp(name, "_PyEval_EvalFrameDefault")) {
				s->eval = sym.st_value;
				s->eval_size = sym.st_size;
				s->have_eval = true;
			}
		}
	}
}

/* @n bytes of the file at link-time address @va (a PT_LOAD's file
 * bytes); 0 or -ENOENT. */
static int sonde_pyrt_read(Elf *e, int fd, uint64_t va, void *buf, size_t n)
{
	GElf_Phdr ph;
	size_t i, nph;

	if (elf_getphdrnum(e, &nph))
		return -ENOENT;
	for (i = 0; i < nph; i++) {
		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD ||
		    va < ph.p_vaddr || va + n > ph.p_vaddr + ph.p_filesz)
			continue;
		if (pread(fd, buf, n, (off_t)(ph.p_offset + va - ph.p_vaddr)) !=
		    (ssize_t)n)
			return -ENOENT;
		return 0;
	}
	return -ENOENT;
}

int sonde_pyrt_probe(const char *path, struct sonde_pyrt *rt, char *err,
		     size_t errlen)
{
	struct sonde_pysyms s = { 0 };
	GElf_Phdr ph;
	uint32_t ver;
	size_t i, nph;
	Elf *e = NULL;
	int fd, ret = -ENOENT;

	memset(rt, 0, sizeof(*rt));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return ret;
	}
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF || elf_getphdrnum(e, &nph)) {
		snprintf(err, errlen, "%s: not an ELF file", path);
		ret = -ENOEXEC;
		goto out;
	}
	sonde_pyrt_syms(e, &s);
	if (!s.have_runtime) {
		snprintf(err, errlen, "%s: no Python runtime (_PyRuntime)",
			 path);
		goto out;
	}
	rt->text = UINT64_MAX;
	for (i = 0; i < nph; i++)
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    (ph.p_flags & PF_X) && ph.p_vaddr < rt->text)
			rt->text = ph.p_vaddr;
	if (!s.have_version ||
	    sonde_pyrt_read(e, fd, s.version, &ver, sizeof(ver))) {
		snprintf(err, errlen,
			 "%s: a Python older than 3.11 (no Py_Version)", path);
		ret = -EOPNOTSUPP;
		goto out;
	}
	rt->version = ver;
	if ((ver >> 16) != 0x030b) {
		snprintf(err, errlen,
			 "%s: Python %u.%u: jstack() knows the layout of 3.11",
			 path, ver >> 24, (ver >> 16) & 0xff);
		ret = -EOPNOTSUPP;
		goto out;
	}
	if (rt->text == UINT64_MAX || !s.have_eval) {
		snprintf(err, errlen, "%s: no executable segment or no %s",
			 path, "_PyEval_EvalFrameDefault");
		ret = -ENOEXEC;
		goto out;
	}
	snprintf(rt->path, sizeof(rt->path), "%s", path);
	rt->runtime = s.runtime;
	rt->eval = s.eval;
	rt->eval_size = s.eval_size;
	rt->off = sonde_py311;
	rt->co_linetable = 136;
	rt->bytes_size = 16;
	rt->bytes_data = 32;
	ret = 0;
out:
	if (e)
		elf_end(e);
	close(fd);
	return ret;
}

/* CPython's varint of the location table: 6 bits a byte, bit 6 "more". */
static bool sonde_py_varint(const uint8_t *t, size_t n, size_t *i,
			    uint32_t *v)
{
	uint32_t shift = 0, x = 0;
	uint8_t b;

	do {
		if (*i >= n || shift > 30)
			return false;
		b = t[(*i)++];
		x |= (uint32_t)(b & 63) << shift;
		shift += 6;
	} while (b & 64);
	*v = x;
	return true;
}

int sonde_py_addr2line(const uint8_t *t, size_t n, int firstlineno,
		       int32_t lasti)
{
	int line = firstlineno;
	uint32_t addr = 0, v;
	size_t i = 0;

	if (lasti < 0)
		return firstlineno;
	while (i < n) {
		uint8_t b = t[i++];
		uint32_t code = (b >> 3) & 15, len = ((b & 7) + 1) * 2;
		int delta = 0;
		bool none = false;

		if (!(b & 0x80))
			return -1;	/* not the start of an entry */
		switch (code) {
		case 15:		/* no location */
			none = true;
			break;
		case 14:		/* long form */
			if (!sonde_py_varint(t, n, &i, &v))
				return -1;
			delta = (v & 1) ? -(int)(v >> 1) : (int)(v >> 1);
			/* end line, column, end column */
			if (!sonde_py_varint(t, n, &i, &v) ||
			    !sonde_py_varint(t, n, &i, &v) ||
			    !sonde_py_varint(t, n, &i, &v))
				return -1;
			break;
		case 13:		/* no columns */
			if (!sonde_py_varint(t, n, &i, &v))
				return -1;
			delta = (v & 1) ? -(int)(v >> 1) : (int)(v >> 1);
			break;
		case 10: case 11: case 12:	/* one line, two column bytes */
			delta = (int)code - 10;
			i += 2;
			break;
		default:		/* short form, one column byte */
			i += 1;
			break;
		}
		line += delta;
		if ((uint32_t)lasti < addr + len)
			return none ? -1 : line;
		addr += len;
	}
	return -1;
}
