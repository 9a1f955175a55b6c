/* SPDX-License-Identifier: GPL-2.0 */
/*
 * usdt.h - user probes: what they need from ELF files and from /proc
 * (uelf.c: SDT notes of USDT, function symbols of the pid provider, the
 * objects a process maps, the libraries a program needs; libelf
 * underneath), instruction boundaries for offset probes (uinsn.c),
 * what `sonde -h` and `-G` make of provider definitions (sdt_hdr.c: the
 * C header, sdt_obj.c: the object), and the CPython runtimes jstack()
 * walks (pyrt.c).  Nothing here touches /dev/sonde:
 * libsonde makes kernel probes of what this reads (lib/uprov.c).
 *
 * usdt sits below libsonde: libsonde includes this header, nothing here
 * includes libsonde's (the Makefile's include path for this folder has
 * only uapi/ and this folder).  Callers: probe resolution and the
 * symboliser of libsonde (uprov.c, sym.c, jstack.c), the sonde command
 * and the tests.  Consumer thread only.
 */
#ifndef _SONDE_USDT_H
#define _SONDE_USDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "sonde.h"

/* ---- uelf.c: ELF files and processes ------------------------------- */

/* One SDT probe site (one .note.stapsdt note) of one ELF file. */
struct sonde_usite {
	char provider[SONDE_PROVNAMELEN];	/* as in the note: "python" */
	char name[SONDE_NAMELEN];		/* as in the note: "function__entry" */
	char function[SONDE_FUNCNAMELEN];	/* function containing the site
						 * (symbol tables), "" if none */
	uint64_t offset;			/* file offset of the nop */
	uint64_t refctr;			/* file offset of the semaphore, 0 */
	uint32_t nargs;
	struct sonde_uarg args[SONDE_UPROBE_MAX_ARGS];
};

/* One function symbol (STT_FUNC / STT_GNU_IFUNC, defined, size > 0). */
struct sonde_ufunc {
	char *name;
	uint64_t offset;	/* file offset of its first instruction */
	uint64_t size;		/* bytes */
};

/*
 * Parse one SDT argument spec ("8@%rbp", "-4@%eax", "-4@112(%rsp)",
 * "8@-16(%rbp,%rax,8)", "4@$42", "%rdi" without a size = 8 bytes
 * unsigned; "8f@%rax", a double's bits).  Sub-registers (%eax, %r8w,
 * %sil) read the full register, the size truncates.  0 or -EINVAL; so
 * are %ah..%dh, vector registers and symbols ("g(%rip)"): a symbol needs
 * the file's symbol table, which sonde_usdt_read() has and resolves.
 */
int sonde_uarg_parse(const char *spec, struct sonde_uarg *a);

/*
 * Every SDT note of @path, in note order, with offsets already converted
 * to file offsets (and .stapsdt.base prelink adjustment applied), the
 * semaphore's offset in a writable loadable segment (.probes), "sym(%rip)"
 * operands resolved through the symbol tables into %rip-relative memory
 * operands (at the probe %rip is the nop's address), at most
 * SONDE_UPROBE_MAX_ARGS arguments kept.  A note sonde cannot read right
 * is left out.  *sites is malloc'd (NULL, 0 when the file has none).  0 or
 * -errno; @err gets a readable reason on failure.
 */
int sonde_usdt_read(const char *path, struct sonde_usite **sites,
		    size_t *nsites, char *err, size_t errlen);

/*
 * Called for each note sonde_usdt_read_report() leaves out, with its
 * provider and name (empty if the note is too broken to say) and why,
 * e.g. "argument 1 '-4@counter(%rip)': symbol counter is not in the
 * file's symbol tables (stripped?)".
 */
typedef void sonde_usdt_skip_fn(void *arg, const char *path,
				const struct sonde_usite *site,
				const char *why);

/* sonde_usdt_read(), reporting each left-out note to @skip (may be NULL). */
int sonde_usdt_read_report(const char *path, struct sonde_usite **sites,
			   size_t *nsites, sonde_usdt_skip_fn *skip, void *arg,
			   char *err, size_t errlen);

/*
 * Function symbols of @path (.symtab, else .dynsym, merged and
 * de-duplicated by offset: the first non-local name wins), sorted by
 * name.  Free with sonde_ufuncs_free().  0 or -errno.
 */
int sonde_elf_funcs(const char *path, struct sonde_ufunc **fns, size_t *n,
		    char *err, size_t errlen);
void sonde_ufuncs_free(struct sonde_ufunc *fns, size_t n);

/*
 * The one reader of function symbols (sonde_elf_funcs(), the functions
 * of SDT sites, ustack()'s names in sym.c): @fn for each STT_FUNC /
 * STT_GNU_IFUNC symbol of libelf handle @e that is defined, named and at
 * a non-zero address, from .symtab, else from .dynsym.  @fn returns 0 or
 * -errno, which stops the walk and is returned; 0.
 */
struct Elf;
typedef int sonde_elf_func_fn(void *arg, uint64_t va, uint64_t size,
			      const char *name, bool global);
int sonde_elf_func_syms(struct Elf *e, sonde_elf_func_fn *fn, void *arg);

/*
 * Where the symbols of a stripped ELF file are (sym.c's debug file
 * search): whether it still has a .symtab with a function symbol; its
 * GNU build-id note; its .gnu_debuglink (file name and the CRC-32 of that
 * file); its .gnu_debugdata (MiniDebugInfo: an xz-compressed ELF file
 * holding the .symtab strip removed), pointing into @e's data.  0, or
 * -ENOEXEC if @e has no section headers to read.
 */
struct sonde_elf_debug {
	bool symtab;
	unsigned char build_id[64];
	size_t build_id_len;		/* 0: no build-id note */
	char link[256];			/* "": no .gnu_debuglink */
	uint32_t link_crc;
	const void *minidebug;		/* NULL: no .gnu_debugdata */
	size_t minidebug_len;
};
int sonde_elf_debug_refs(struct Elf *e, struct sonde_elf_debug *d);

/*
 * The ELF files process @pid maps (file-backed mappings, executable ones
 * and the main program), the main executable first (/proc/PID/exe), then
 * in address order, each once.  Paths are as seen from this process (via
 * /proc/PID/root when the target is in another mount namespace is not
 * attempted: the plain path).  Free with sonde_strv_free().  0 or -errno.
 */
int sonde_proc_objects(pid_t pid, char ***paths, size_t *n);

/*
 * The shared libraries @path needs (DT_NEEDED, recursively, resolved the
 * way ld.so would on a default Debian system: DT_RPATH, the program's
 * DT_RPATH, DT_RUNPATH with $ORIGIN and $LIB, then the directories of
 * Debian's ld.so.conf.d and /lib64, /lib, /usr/lib; x86-64 ELF files
 * only), each once, breadth first, the interpreter (PT_INTERP) first.
 * Used for -c targets stopped at exec, before their libraries are
 * mapped.  A library that is not found is left out (ld.so would fail).
 * Free with sonde_strv_free().  0, or -errno for @path itself (ENOENT,
 * ENOEXEC not an x86-64 ELF file, ENOMEM).
 */
int sonde_elf_needed(const char *path, char ***paths, size_t *n);

void sonde_strv_free(char **v, size_t n);

/* ---- hsrt.c: a HotSpot JVM's exported layout ---------------------- */

/*
 * What a walk of a thread's Java frames needs of a running JVM, read from
 * its gHotSpotVMStructs, gHotSpotVMTypes and gHotSpotVMIntConstants
 * tables (offsets in bytes; addresses in the process): a Method's
 * ConstMethod, its ConstantPool and name and signature indexes, the pool
 * holder Klass and its name, a Symbol's length (u2) and characters; the
 * CodeCache's heaps (a GrowableArray<CodeHeap*>*) and bounds, a
 * CodeBlob's name, an nmethod's Method*; where an interpreted frame keeps
 * its Method* (frame_method_slot words from its frame pointer, -3 on
 * x86-64).  A Symbol* a ConstantPool holds at index i is at
 * pool + cpool_size + 8 * i.
 */
struct sonde_hsrt {
	uint64_t bias;			/* libjvm.so's load bias */
	uint64_t method_constmethod;
	uint64_t constmethod_constants;
	uint64_t constmethod_name_index;
	uint64_t constmethod_signature_index;
	uint64_t cpool_holder;
	uint64_t cpool_size;		/* sizeof(ConstantPool) */
	uint64_t klass_name;
	uint64_t symbol_length;
	uint64_t symbol_body;
	uint64_t codeblob_name;
	uint64_t nmethod_method;
	uint64_t codecache_heaps;	/* addresses of the statics */
	uint64_t codecache_low;
	uint64_t codecache_high;
	int32_t frame_method_slot;
};

/* The layout of the JVM process @pid runs (its libjvm.so); 0 or -errno
 * with the reason in @err. */
int sonde_hsrt_read(pid_t pid, struct sonde_hsrt *rt, char *err,
		    size_t errlen);
/* The characters of the Symbol at @sym in process @pid, NUL-terminated
 * and cut to @size; 0 or -errno. */
int sonde_hsrt_symbol(pid_t pid, const struct sonde_hsrt *rt, uint64_t sym,
		      char *buf, size_t size);

/* ---- pyrt.c: CPython runtimes for jstack() ---------------------- */

/* A CPython runtime in an ELF file, with link-time addresses. */
struct sonde_pyrt {
	char path[4096];
	uint32_t version;		/* PY_VERSION_HEX */
	uint64_t text;			/* first executable segment's start */
	uint64_t runtime;		/* _PyRuntime */
	uint64_t eval, eval_size;	/* _PyEval_EvalFrameDefault */
	struct sonde_pyoffsets off;	/* what the kernel walks with */
	/* for lines: the code's location table, a bytes object */
	uint32_t co_linetable, bytes_size, bytes_data;
};

/*
 * The CPython runtime of ELF file @path (an executable that links it in,
 * or libpython).  0; -ENOENT none (not Python), -EOPNOTSUPP a version
 * whose layout sonde does not know, -ENOEXEC, -errno; @err says why.
 */
int sonde_pyrt_probe(const char *path, struct sonde_pyrt *rt, char *err,
		     size_t errlen);

/*
 * The line of the instruction at byte offset @lasti of a code object
 * whose location table is @t (@n bytes) and first line @firstlineno
 * (the format of 3.11 to 3.13); the first line for @lasti < 0, -1 when the table has
 * no line there or is malformed.
 */
int sonde_py_addr2line(const uint8_t *t, size_t n, int firstlineno,
		       int32_t lasti);

/* ---- sdt_hdr.c, sdt_obj.c: sonde -h and -G ------------------------ */

#define SONDE_SDT_MAXARGS	12	/* <sys/sdt.h>'s STAP_PROBE12 */

/* One probe of a provider definition: "probe gc__start(uintptr_t);". */
struct sonde_sdt_probe {
	char name[SONDE_NAMELEN];	/* as written: "gc__start" */
	int nargs;
	/* each argument's type as written, comments out and blanks folded
	 * ("char *name"): the header only echoes it in a comment */
	char *args[SONDE_SDT_MAXARGS];
};

struct sonde_sdt_provider {
	char name[SONDE_PROVNAMELEN];
	struct sonde_sdt_probe *probes;
	size_t nprobes;
};

/*
 * The provider definitions of one file, in their order: what the D
 * compiler's parser reads of `provider p { probe a(int, char *); };`
 * blocks (dc_sdt_parse(); usdt is below the compiler, so the compiler
 * fills this and the writers here take it).  A provider is added at its
 * '{', a probe at its ';': after an error, what came before.
 */
struct sonde_sdt_defs {
	struct sonde_sdt_provider *provs;
	size_t nprovs;
};

/* Add a provider, a probe (zeroed but for the name); NULL on ENOMEM. */
struct sonde_sdt_provider *sonde_sdt_add_provider(struct sonde_sdt_defs *d,
						  const char *name);
struct sonde_sdt_probe *sonde_sdt_add_probe(struct sonde_sdt_provider *p,
					    const char *name);
void sonde_sdt_defs_free(struct sonde_sdt_defs *d);

/*
 * `sonde -h`: write the C header for @d (read from @srcname), as `dtrace
 * -h` does: PROVIDER_PROBE(args) macros over <sys/sdt.h>'s STAP_PROBEn
 * and PROVIDER_PROBE_ENABLED() tests over a semaphore in .probes.  With
 * @partial (the definitions stopped at an error), no closing lines.  0 or
 * -EIO.
 */
int sonde_sdt_header(FILE *out, const struct sonde_sdt_defs *d,
		     const char *srcname, bool partial);

/*
 * "dir/probes.d" -> "probes" + @ext into @buf, as dtrace names its
 * outputs in the current directory; -EINVAL if the name does not end in
 * .d.
 */
int sonde_sdt_outname(const char *script, const char *ext, char *buf,
		      size_t size);

/*
 * `sonde -G`: is @path an ELF relocatable object (what dtrace -G takes)?
 * 0, or -errno with the reason in @err.
 */
int sonde_sdt_object_check(const char *path, char *err, size_t errlen);

/*
 * `sonde -G`: the object defining @d's semaphores (sonde_sdt_header()'s
 * text compiled with $CC) in @ofile.  0, or -errno with the reason in
 * @err.
 */
int sonde_sdt_object(const struct sonde_sdt_defs *d, const char *srcname,
		     const char *ofile, char *err, size_t errlen);

/* ---- uinsn.c: instruction boundaries ------------------------------ */

/*
 * Is file offset @off an instruction boundary of the function at file
 * offset @start (@size bytes) of @path?  Decoded from the function's start
 * with capstone (dlopen()ed on first use).  1 yes, 0 no, -ENOPKG without
 * capstone, -EIO, -ENOMEM.
 */
int sonde_insn_boundary(const char *path, uint64_t start, uint64_t size,
			uint64_t off);

#endif /* _SONDE_USDT_H */
