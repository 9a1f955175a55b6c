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
 * _PyEval_EvalFrameDefault.  Where its layout comes from depends on the
 * version (sonde_pylayouts[]):
 *
 *   3.11, 3.12  a table of offsets (offsetof() against the version's
 *               internal headers, checked against a live interpreter by
 *               userland/tests/test_pyrt.c);
 *   3.13        what the interpreter publishes: _PyRuntime starts with a
 *               _Py_DebugOffsets (cookie "xdebugpy", PY_VERSION_HEX, the
 *               offsets of every structure an out-of-process reader
 *               needs), initialized data read from the file itself.  The
 *               few things it does not publish (the unicode state's bits,
 *               the C-stack frame owner's value, the compact string's
 *               header) are 3.12's and 3.13's alike, named below.
 *
 * 3.14 changed _Py_DebugOffsets itself (fields added in the middle) and
 * turned the frame's code pointer into a tagged _PyStackRef: a layout
 * this file has not been checked against, refused by name.
 *
 * Frames: 3.11 marks the first frame a C call of the interpreter runs
 * (is_entry); 3.12 and later push a shim frame owned by the C stack
 * (FRAME_OWNED_BY_CSTACK) under it instead, which the kernel's walker
 * skips and reads as that mark (owner_skip).
 *
 * Lines: the code objects of 3.11 to 3.13 keep a location table
 * (co_linetable, a bytes object, CPython's Objects/locations.md format);
 * the consumer reads it from the process and sonde_py_addr2line()
 * decodes it.  The frame's instruction pointer is the instruction being
 * run in all three (3.11 and 3.12's prev_instr, 3.13's instr_ptr).
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

/* _PyInterpreterFrame.owner of 3.12's and 3.13's entry shim frames
 * (enum _frameowner: THREAD 0, GENERATOR 1, FRAME_OBJECT 2, CSTACK 3) */
#define SONDE_PY_OWNED_BY_CSTACK	3

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

/*
 * CPython 3.12 on x86-64 (0x030c....), a GIL build without Py_DEBUG.
 * _PyRuntimeState: interpreters.head 40 (no GIL holder word: it moved
 * to a thread-local); PyInterpreterState: next 0, threads.head 72;
 * PyThreadState: next 8, cframe 56, native_thread_id 144; _PyCFrame:
 * current_frame 0; _PyInterpreterFrame: f_code 0, previous 8,
 * prev_instr 56, owner 70 (FRAME_OWNED_BY_CSTACK 3: the entry shim);
 * PyCodeObject: co_firstlineno 68, co_filename 112, co_name 120,
 * co_linetable 136, co_code_adaptive 192; PyASCIIObject (no wstr since
 * 3.12): length 16, state 32 (interned:2 kind:3 compact:1 ascii:1
 * statically_allocated:1), 40 bytes; PyCompactUnicodeObject: 56 bytes;
 * PyBytesObject: ob_size 16, ob_sval 32.
 */
static const struct sonde_pyoffsets sonde_py312 = {
	.rt_interp_head = 40,
	.rt_tstate_current = SONDE_PYOFF_NONE,
	.is_next = 0,
	.is_threads_head = 72,
	.ts_next = 8,
	.ts_native_tid = 144,
	.ts_cframe = 56,
	.ts_frame = 0,
	.fr_code = 0,
	.fr_previous = 8,
	.fr_instr = 56,
	.fr_entry = SONDE_PYOFF_NONE,
	.fr_owner = 70,
	.owner_skip = SONDE_PY_OWNED_BY_CSTACK,
	.co_name = 120,
	.co_filename = 112,
	.co_firstlineno = 68,
	.co_code = 192,
	.str_length = 16,
	.str_state = 32,
	.str_ascii_data = 40,
	.str_compact_data = 56,
	.state_kind_shift = 2,
	.state_compact_bit = 5,
	.state_ascii_bit = 6,
};

/*
 * CPython 3.13's _Py_DebugOffsets (Include/internal/pycore_runtime.h),
 * the part read here: every field a 64-bit word, in this order.
 */
struct sonde_py313_dbg {
	char cookie[8];
	uint64_t version, free_threaded;
	struct { uint64_t size, finalizing, interpreters_head; } rt;
	struct {
		uint64_t size, id, next, threads_head, gc, imports_modules,
			 sysdict, builtins, ceval_gil, gil_runtime_state,
			 gil_enabled, gil_locked, gil_holder;
	} is;
	struct {
		uint64_t size, prev, next, interp, current_frame, thread_id,
			 native_thread_id, datastack_chunk, status;
	} ts;
	struct {
		uint64_t size, previous, executable, instr_ptr, localsplus,
			 owner;
	} fr;
	struct {
		uint64_t size, filename, name, qualname, linetable,
			 firstlineno, argcount, localsplusnames,
			 localspluskinds, co_code_adaptive;
	} co;
	struct { uint64_t size, ob_type; } obj;
	struct { uint64_t size, tp_name, tp_repr, tp_flags; } type;
	struct { uint64_t size, ob_item, ob_size; } tuple, list;
	struct { uint64_t size, ma_keys, ma_values; } dict;
	struct { uint64_t size, ob_fval; } flt;
	struct { uint64_t size, lv_tag, ob_digit; } lng;
	struct { uint64_t size, ob_size, ob_sval; } bytes;
	struct { uint64_t size, state, length, asciiobject_size; } str;
	struct { uint64_t size, collecting; } gc;
};

_Static_assert(sizeof(struct sonde_py313_dbg) == 73 * 8,
	       "3.13's _Py_DebugOffsets is 73 words");

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

/* The versions whose layout sonde knows, and where it comes from. */
static const struct sonde_pylayout {
	uint32_t minor;			/* 3.N */
	const struct sonde_pyoffsets *table;	/* NULL: _Py_DebugOffsets */
	uint32_t co_linetable;		/* with a table: PyCodeObject's */
} sonde_pylayouts[] = {
	{ 11, &sonde_py311, 136 },
	{ 12, &sonde_py312, 136 },
	{ 13, NULL, 0 },
};

/* A layout from a table: 3.11's, 3.12's. */
static int sonde_pyrt_table(const struct sonde_pylayout *l,
			    struct sonde_pyrt *rt)
{
	rt->off = *l->table;
	rt->co_linetable = l->co_linetable;
	rt->bytes_size = 16;		/* PyBytesObject: ob_size, ob_sval */
	rt->bytes_data = 32;
	return 0;
}

/* Is debug offset @v a field inside a structure of @size bytes that the
 * kernel can take (SONDE_PYOFF_MAX)?  @width: the field's bytes. */
static bool sonde_py_field(uint64_t v, uint64_t size, uint64_t width)
{
	return size <= (1u << 20) && v + width <= size &&
	       v <= SONDE_PYOFF_MAX;
}

/*
 * 3.13's layout from the _Py_DebugOffsets at the start of the file's
 * _PyRuntime: checked (cookie, the version Py_Version says, a GIL build,
 * every offset inside its structure) before any of it is used.
 */
static int sonde_pyrt_debug313(Elf *e, int fd, const struct sonde_pysyms *s,
			       struct sonde_pyrt *rt, const char *path,
			       char *err, size_t errlen)
{
	struct sonde_py313_dbg d;
	struct sonde_pyoffsets *o = &rt->off;

	if (sonde_pyrt_read(e, fd, s->runtime, &d, sizeof(d)) ||
	    memcmp(d.cookie, "xdebugpy", 8)) {
		snprintf(err, errlen,
			 "%s: _PyRuntime does not start with CPython's debug offsets (cookie \"xdebugpy\")",
			 path);
		return -ENOEXEC;
	}
	if ((d.version >> 16) != (rt->version >> 16)) {
		snprintf(err, errlen,
			 "%s: the debug offsets are of version 0x%llx, Py_Version says 0x%x",
			 path, (unsigned long long)d.version, rt->version);
		return -ENOEXEC;
	}
	if (d.free_threaded) {
		snprintf(err, errlen,
			 "%s: a free-threaded Python (its strings and frames differ): jstack() reads GIL builds",
			 path);
		return -EOPNOTSUPP;
	}
	if (!sonde_py_field(d.rt.interpreters_head, d.rt.size, 8) ||
	    !sonde_py_field(d.is.next, d.is.size, 8) ||
	    !sonde_py_field(d.is.threads_head, d.is.size, 8) ||
	    !sonde_py_field(d.ts.next, d.ts.size, 8) ||
	    !sonde_py_field(d.ts.native_thread_id, d.ts.size, 8) ||
	    !sonde_py_field(d.ts.current_frame, d.ts.size, 8) ||
	    !sonde_py_field(d.fr.previous, d.fr.size, 8) ||
	    !sonde_py_field(d.fr.executable, d.fr.size, 8) ||
	    !sonde_py_field(d.fr.instr_ptr, d.fr.size, 8) ||
	    !sonde_py_field(d.fr.owner, d.fr.size, 1) ||
	    !sonde_py_field(d.co.name, d.co.size, 8) ||
	    !sonde_py_field(d.co.filename, d.co.size, 8) ||
	    !sonde_py_field(d.co.firstlineno, d.co.size, 4) ||
	    !sonde_py_field(d.co.linetable, d.co.size, 8) ||
	    /* the bytecode follows the code object's fixed part */
	    !sonde_py_field(d.co.co_code_adaptive, d.co.size, 0) ||
	    !sonde_py_field(d.str.length, d.str.asciiobject_size, 8) ||
	    !sonde_py_field(d.str.state, d.str.asciiobject_size, 4) ||
	    !sonde_py_field(d.str.asciiobject_size + 16, d.str.size, 0) ||
	    !sonde_py_field(d.bytes.ob_size, d.bytes.size, 8) ||
	    !sonde_py_field(d.bytes.ob_sval, d.bytes.size, 1)) {
		snprintf(err, errlen,
			 "%s: CPython's debug offsets name a field outside its structure",
			 path);
		return -ENOEXEC;
	}
	o->rt_interp_head = (uint32_t)d.rt.interpreters_head;
	/* the GIL's holder is the interpreter's now: walk the threads */
	o->rt_tstate_current = SONDE_PYOFF_NONE;
	o->is_next = (uint32_t)d.is.next;
	o->is_threads_head = (uint32_t)d.is.threads_head;
	o->ts_next = (uint32_t)d.ts.next;
	o->ts_native_tid = (uint32_t)d.ts.native_thread_id;
	o->ts_cframe = SONDE_PYOFF_NONE;
	o->ts_frame = (uint32_t)d.ts.current_frame;
	o->fr_code = (uint32_t)d.fr.executable;
	o->fr_previous = (uint32_t)d.fr.previous;
	o->fr_instr = (uint32_t)d.fr.instr_ptr;
	o->fr_entry = SONDE_PYOFF_NONE;
	o->fr_owner = (uint32_t)d.fr.owner;
	o->owner_skip = SONDE_PY_OWNED_BY_CSTACK;
	o->co_name = (uint32_t)d.co.name;
	o->co_filename = (uint32_t)d.co.filename;
	o->co_firstlineno = (uint32_t)d.co.firstlineno;
	o->co_code = (uint32_t)d.co.co_code_adaptive;
	o->str_length = (uint32_t)d.str.length;
	o->str_state = (uint32_t)d.str.state;
	/* a compact ASCII string's characters follow its PyASCIIObject;
	 * another's its PyCompactUnicodeObject: utf8_length and utf8
	 * more (two words, unchanged since 3.3) */
	o->str_ascii_data = (uint32_t)d.str.asciiobject_size;
	o->str_compact_data = (uint32_t)d.str.asciiobject_size + 16;
	/* interned:2 kind:3 compact:1 ascii:1, as 3.12's */
	o->state_kind_shift = 2;
	o->state_compact_bit = 5;
	o->state_ascii_bit = 6;
	o->reserved = 0;
	rt->co_linetable = (uint32_t)d.co.linetable;
	rt->bytes_size = (uint32_t)d.bytes.ob_size;
	rt->bytes_data = (uint32_t)d.bytes.ob_sval;
	return 0;
}

int sonde_pyrt_probe(const char *path, struct sonde_pyrt *rt, char *err,
		     size_t errlen)
{
	struct sonde_pysyms s = { 0 };
	const struct sonde_pylayout *l = NULL;
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
	for (i = 0; i < sizeof(sonde_pylayouts) / sizeof(sonde_pylayouts[0]);
	     i++)
		if ((ver >> 24) == 3 &&
		    ((ver >> 16) & 0xff) == sonde_pylayouts[i].minor)
			l = &sonde_pylayouts[i];
	if (!l) {
		snprintf(err, errlen,
			 "%s: Python %u.%u: jstack() knows the layouts of 3.11, 3.12 and 3.13",
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
	ret = l->table ? sonde_pyrt_table(l, rt) :
	      sonde_pyrt_debug313(e, fd, &s, rt, path, err, errlen);
	if (ret)
		goto out;
	snprintf(rt->path, sizeof(rt->path), "%s", path);
	rt->runtime = s.runtime;
	rt->eval = s.eval;
	rt->eval_size = s.eval_size;
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
