// SPDX-License-Identifier: GPL-2.0
/*
 * test_pyrt.c - jstack()'s CPython side on the host, against a live
 * interpreter (Debian's python3.11; CPython 3.12 and 3.13 builds where the
 * host has them: make unit-pyrt names them): the runtime found in the
 * ELF file, the executable or the libpython it links (usdt/pyrt.c: a
 * table for 3.11 and 3.12, the interpreter's _Py_DebugOffsets for 3.13),
 * the kernel's walker (vm/jstack.c) run here over the process's memory
 * (process_vm_readv() standing in for the kernel's fault-safe copies),
 * the frames, names, files and lines of two threads each blocked in a
 * known call chain, and the walk's bounds: too few frames, too little
 * room for names, memory that cannot be read.
 *
 *   test_pyrt [PYTHON [3.N]]  (default /usr/bin/python3.11; skipped if
 *                              absent; 3.N: the version it must be)
 *
 * Prints "ok N - what" / "not ok N - what" and a summary; exit 1 on any
 * failure.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/uio.h>
#include <sys/wait.h>

#include "usdt.h"
#include "env.h"
#include "unit.h"

/* ---- the walker's world: another process's memory ------------------- */

struct pworld {
	pid_t pid;
	struct sonde_jwalk jw;	/* what sonde_env_jhelper() hands out */
	bool have;
	u64 jdrops;
	u64 bad_lo, bad_hi;	/* reads here fail, as unmapped memory */
};

static int pread_mem(struct pworld *w, u64 addr, void *dst, size_t n)
{
	struct iovec l = { dst, n }, r = { (void *)(uintptr_t)addr, n };

	if (addr < w->bad_hi && addr + n > w->bad_lo)
		return -EFAULT;
	return process_vm_readv(w->pid, &l, 1, &r, 1, 0) == (ssize_t)n ?
	       0 : -EFAULT;
}

int sonde_env_load(struct sonde_vm_ctx *ctx, bool user, u64 addr, u32 size,
		   u64 *val)
{
	u64 v = 0;

	if (!user || pread_mem(ctx->env, addr, &v, size))
		return -EFAULT;
	*val = v;
	return 0;
}

/* no kernel memory in this world */
u32 sonde_env_kcopy(struct sonde_vm_ctx *ctx, u64 addr, void *dst, u32 size)
{
	return 0;
}

int sonde_env_copyin(struct sonde_vm_ctx *ctx, u64 addr, void *dst,
		     u32 size)
{
	return pread_mem(ctx->env, addr, dst, size);
}

/* Up to the NUL, at most @size - 1 bytes, always terminated. */
int sonde_env_copystr(struct sonde_vm_ctx *ctx, bool user, u64 addr,
		      char *dst, u32 size)
{
	u32 i;

	for (i = 0; i + 1 < size; i++) {
		if (!user || pread_mem(ctx->env, addr + i, dst + i, 1)) {
			dst[i] = 0;
			return -EFAULT;
		}
		if (!dst[i])
			return (int)i;
	}
	dst[i] = 0;
	return (int)i;
}

/* Two made-up native frames: the walker copies what the world gives. */
u32 sonde_env_stack(struct sonde_vm_ctx *ctx, bool user, u64 *pcs, u32 n)
{
	u32 i;

	for (i = 0; i < n && i < 2; i++)
		pcs[i] = 0x401000 + i;
	return i;
}

bool sonde_env_jhelper(struct sonde_vm_ctx *ctx, struct sonde_jwalk *jw)
{
	struct pworld *w = ctx->env;

	*jw = w->jw;
	jw->pid = (u32)w->pid;
	return w->have;
}

void sonde_env_jdrop(struct sonde_vm_ctx *ctx)
{
	struct pworld *w = ctx->env;

	w->jdrops++;
}

/* ---- the Python program ----------------------------------------------- */

static const char script[] =
	"import os, sys, threading\n"
	"lock = threading.Lock()\n"
	"lock.acquire()\n"
	"def worker_wait():\n"
	"    lock.acquire()  # WAIT\n"
	"def worker():\n"
	"    worker_wait()  # WORKER\n"
	"def inner():\n"
	"    sys.stdout.write('%d %d\\n' % (threading.get_native_id(), t.native_id))\n"
	"    sys.stdout.flush()\n"
	"    os.read(0, 1)  # INNER\n"
	"def outer():\n"
	"    inner()  # OUTER\n"
	"def main():\n"
	"    outer()  # MAIN\n"
	"t = threading.Thread(target=worker, daemon=True)\n"
	"t.start()\n"
	"main()  # MODULE\n";

/* The line of the script holding @marker. */
static int line_of(const char *marker)
{
	const char *p = strstr(script, marker), *q;
	int line = 1;

	for (q = script; p && q < p; q++)
		line += *q == '\n';
	return p ? line : -1;
}

struct pyframe_txt {
	char name[64], file[256];
	int line;
	u16 flags;
};

/* A string of the record: ASCII here (the script's own names). */
static void jstr_get(const u8 *strs, u32 strlen, u16 off, char *out,
		     size_t n)
{
	u16 h;
	u32 len;

	out[0] = 0;
	if (off == SONDE_JSTR_NONE || off + 2u > strlen)
		return;
	memcpy(&h, strs + off, 2);
	len = SONDE_JSTR_LEN(h);
	if (SONDE_JSTR_WIDTH(h) != 1 || off + 2u + len > strlen ||
	    len >= n)
		return;
	memcpy(out, strs + off + 2, len);
	out[len] = 0;
}

/* The line of a frame, from its code's location table in the process. */
static int frame_line(struct pworld *w, const struct sonde_pyrt *rt,
		      const struct sonde_pyframe *f)
{
	u64 tab, size;
	u8 *buf;
	int line;

	if (pread_mem(w, f->code + rt->co_linetable, &tab, 8) ||
	    pread_mem(w, tab + rt->bytes_size, &size, 8) || size > 65536)
		return -2;
	buf = malloc(size + 1);
	if (!buf || pread_mem(w, tab + rt->bytes_data, buf, size)) {
		free(buf);
		return -2;
	}
	line = sonde_py_addr2line(buf, size, f->firstlineno, f->lasti);
	free(buf);
	return line;
}

/*
 * Walk thread @tid with @frames frames and @strsize bytes of names; the
 * decoded frames in @out (at most 16).  Returns the header.
 */
static struct sonde_jstack walk(struct pworld *w, const struct sonde_pyrt *rt,
				u64 tid, u32 frames, u32 strsize,
				struct pyframe_txt *out, u32 *nout)
{
	u64 stackbuf[255];
	struct sonde_vm_ctx ctx = { .env = w, .stackbuf = stackbuf };
	u32 size = SONDE_JSTACK_SIZE(frames, strsize), used, i;
	u8 *dst = malloc(size + 1);
	struct sonde_jstack h = { 0 };
	const u8 *py, *strs;

	*nout = 0;
	if (!dst)
		return h;
	memset(dst, 0xa5, size + 1);
	w->jw.tid = tid;
	used = sonde_jstack_take(&ctx, dst, frames, strsize);
	memcpy(&h, dst, sizeof(h));
	check(used <= size && dst[size] == 0xa5 &&
	      used == sizeof(h) + h.npcs * 8 + h.npy * sizeof(struct sonde_pyframe) +
		      h.strlen,
	      "tid %llu: %u bytes written of %u, as the header counts",
	      (unsigned long long)tid, used, size);
	py = dst + sizeof(h) + h.npcs * 8;
	strs = py + h.npy * sizeof(struct sonde_pyframe);
	for (i = 0; i < h.npy && i < 16; i++) {
		struct sonde_pyframe f;

		memcpy(&f, py + i * sizeof(f), sizeof(f));
		jstr_get(strs, h.strlen, f.name, out[i].name,
			 sizeof(out[i].name));
		jstr_get(strs, h.strlen, f.file, out[i].file,
			 sizeof(out[i].file));
		out[i].line = frame_line(w, rt, &f);
		out[i].flags = f.flags;
	}
	*nout = i;
	free(dst);
	return h;
}

static bool frame_is(const struct pyframe_txt *f, const char *name,
		     const char *file, int line)
{
	return !strcmp(f->name, name) && !strcmp(f->file, file) &&
	       f->line == line;
}

static void print_frames(const struct pyframe_txt *f, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		printf("#   [ %s:%d (%s) ]%s\n", f[i].file, f[i].line,
		       f[i].name, f[i].flags & SONDE_PYF_ENTRY ? " entry" : "");
}

/* /proc/PID/stat's startcode (field 26): where the kernel put the text. */
static u64 start_code(pid_t pid)
{
	char path[64], buf[4096], *p;
	unsigned long long v = 0;
	FILE *f;
	int field;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	p = strrchr(buf, ')');
	for (field = 2; p && field < 26; field++)
		p = strchr(p + 1, ' ');
	if (p)
		sscanf(p + 1, "%llu", &v);
	return v;
}

/* Where the process maps offset 0 of the file named @name (its ELF
 * header; a shared object's load bias). */
static u64 mapped_at(pid_t pid, const char *name)
{
	char path[64], line[4096];
	unsigned long long start = 0, off;
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (sscanf(line, "%llx-%*x %*s %llx", &start, &off) == 2 &&
		    !off && strstr(line, name)) {
			found = true;
			break;
		}
	}
	if (f)
		fclose(f);
	return found ? start : 0;
}

/* Where the process maps its executable's ELF header (offset 0). */
static u64 elf_header(pid_t pid)
{
	return mapped_at(pid, "python");
}

/* The runtime's address in @pid: the executable's, moved by start_code
 * less its text's link address, or the library's, by its load bias. */
static u64 runtime_at(pid_t pid, const struct sonde_pyrt *rt, bool lib)
{
	if (lib)
		return rt->runtime + mapped_at(pid, rt->path);
	return rt->runtime + (start_code(pid) - rt->text);
}

/* The walker over a live python3.11: two threads, then every bound. */
static void t_live(const char *python, struct sonde_pyrt *rt_, bool lib)
{
	char path[] = "/tmp/sonde-test-pyrt-XXXXXX.py";
	int in[2], out[2], fd, status;
	struct sonde_pyrt rt = *rt_;
	struct pworld w = { 0 };
	struct pyframe_txt fr[16];
	struct sonde_jstack h;
	unsigned long long tid_main = 0, tid_worker = 0;
	u32 n;
	FILE *pf;
	pid_t pid;

	fd = mkstemps(path, 3);
	if (fd < 0 || write(fd, script, sizeof(script) - 1) !=
		      (ssize_t)(sizeof(script) - 1)) {
		check(0, "write %s", path);
		goto out;
	}
	close(fd);
	if (pipe(in) || pipe(out)) {
		check(0, "pipes");
		goto out;
	}
	pid = fork();
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		execl(python, python, path, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	pf = fdopen(out[0], "r");
	if (!pf || fscanf(pf, "%llu %llu", &tid_main, &tid_worker) != 2) {
		check(0, "python printed its threads' ids");
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		goto out;
	}
	/* the main thread is in os.read(); the worker blocks on its lock */
	usleep(100000);
	w.pid = pid;
	w.have = true;
	w.jw.off = &rt.off;
	w.jw.runtime = runtime_at(pid, &rt, lib);
	w.jw.max_threads = 64;
	w.jw.max_interps = 4;
	w.jw.id = 3;
	check(start_code(pid) != 0, "the process's start_code");

	h = walk(&w, &rt, tid_main, 20, 512, fr, &n);
	print_frames(fr, n);
	check(h.pid == (u32)pid && h.npcs == 2 && h.helper == 3 &&
	      !(h.flags & (SONDE_JSTACK_FAULT | SONDE_JSTACK_NOTHREAD)),
	      "main thread: header (pid, 2 native PCs, helper 3, flags 0x%x)",
	      h.flags);
	check(n == 4 && frame_is(&fr[0], "inner", path, line_of("# INNER")) &&
	      frame_is(&fr[1], "outer", path, line_of("# OUTER")) &&
	      frame_is(&fr[2], "main", path, line_of("# MAIN")) &&
	      frame_is(&fr[3], "<module>", path, line_of("# MODULE")),
	      "main thread: inner, outer, main, <module> with files and lines");
	check(n == 4 && (fr[3].flags & SONDE_PYF_ENTRY) &&
	      !(fr[0].flags & SONDE_PYF_ENTRY),
	      "main thread: the module's frame is the interpreter call's first");
	check(h.strlen < 4 * 2 * (2 + strlen(path)),
	      "the file's name is recorded once (%u bytes of names)",
	      h.strlen);

	h = walk(&w, &rt, tid_worker, 20, 512, fr, &n);
	print_frames(fr, n);
	check(n >= 3 && frame_is(&fr[0], "worker_wait", path,
				 line_of("# WAIT")) &&
	      frame_is(&fr[1], "worker", path, line_of("# WORKER")) &&
	      !strcmp(fr[2].name, "run") && strstr(fr[2].file, "threading.py"),
	      "worker thread: worker_wait, worker, threading's run");

	h = walk(&w, &rt, 1, 20, 512, fr, &n);
	check(h.npy == 0 && (h.flags & SONDE_JSTACK_NOTHREAD) && !w.jdrops,
	      "a thread the runtime does not know: no frames, no drop");

	h = walk(&w, &rt, tid_main, 2, 512, fr, &n);
	check(h.npy == 2 && (h.flags & SONDE_JSTACK_PYTRUNC) && h.npcs == 2 &&
	      !strcmp(fr[1].name, "outer"),
	      "2 frames: the innermost two, marked truncated");

	h = walk(&w, &rt, tid_main, 20, 8, fr, &n);
	check(h.npy == 4 && (h.flags & SONDE_JSTACK_STRTRUNC) &&
	      h.strlen <= 8 && !strcmp(fr[0].name, "inner") && !fr[0].file[0],
	      "8 bytes of names: inner's name, no file, marked truncated");

	w.jw.runtime = 0x1000;
	h = walk(&w, &rt, tid_main, 20, 512, fr, &n);
	check(h.npy == 0 && (h.flags & SONDE_JSTACK_NOTHREAD) && !w.jdrops &&
	      h.npcs == 2,
	      "a runtime not readable (not started): native frames only, no drop");

	/* the interpreter list leads to unmapped memory: a drop */
	{
		const struct sonde_pyoffsets *good = w.jw.off;
		struct sonde_pyoffsets o = rt.off;

		o.rt_tstate_current = SONDE_PYOFF_NONE;
		o.rt_interp_head = 0;	/* the ELF header: e_ident, no pointer */
		w.jw.off = &o;
		w.jw.runtime = elf_header(pid);
		h = walk(&w, &rt, tid_main, 20, 512, fr, &n);
		check(h.npy == 0 && (h.flags & SONDE_JSTACK_FAULT) &&
		      w.jdrops == 1 && h.npcs == 2,
		      "an interpreter list into unmapped memory: a drop, native frames only");
		w.jw.off = good;
	}

	/* unreadable in the middle: the thread found, the frames not */
	w.jw.runtime = runtime_at(pid, &rt, lib);
	{
		u64 interp = 0, ts = 0, cf = 0, fp = 0, v = 0;

		pread_mem(&w, w.jw.runtime + rt.off.rt_interp_head, &interp, 8);
		pread_mem(&w, interp + rt.off.is_threads_head, &ts, 8);
		while (ts && !pread_mem(&w, ts + rt.off.ts_native_tid, &v, 8) &&
		       v != tid_main)
			pread_mem(&w, ts + rt.off.ts_next, &ts, 8);
		cf = ts;
		if (rt.off.ts_cframe != SONDE_PYOFF_NONE)
			pread_mem(&w, ts + rt.off.ts_cframe, &cf, 8);
		pread_mem(&w, cf + rt.off.ts_frame, &fp, 8);
		/* the frame under inner's, past a shim (none in 3.11) */
		if (rt.off.owner_skip != SONDE_PYOFF_NONE) {
			pread_mem(&w, fp + rt.off.fr_owner, &v, 1);
			if ((v & 0xff) == rt.off.owner_skip)
				pread_mem(&w, fp + rt.off.fr_previous, &fp, 8);
		}
		pread_mem(&w, fp + rt.off.fr_previous, &fp, 8);
		w.bad_lo = fp;
		w.bad_hi = fp + 80;	/* the whole frame */
	}
	h = walk(&w, &rt, tid_main, 20, 512, fr, &n);
	check(h.npy == 1 && (h.flags & SONDE_JSTACK_FAULT) && w.jdrops == 2 &&
	      !strcmp(fr[0].name, "inner"),
	      "the second frame unreadable: the first frame, then a drop");

	close(in[1]);		/* os.read() returns: python exits */
	fclose(pf);
	waitpid(pid, &status, 0);
out:
	unlink(path);
}

/*
 * 3.13: the file @path with its _Py_DebugOffsets (the cookie followed by
 * @version) spoiled at byte @at by @v: the probe must refuse it, saying
 * why.
 */
static void t_spoiled(const char *path, uint32_t version, size_t at,
		      uint64_t v, const char *why, const char *what)
{
	char tmp[] = "/tmp/sonde-test-pyrt-XXXXXX", err[512];
	struct sonde_pyrt rt;
	FILE *in = fopen(path, "rb"), *out = NULL;
	char *buf = NULL, *hit = NULL, *p;
	uint64_t ver;
	long size = 0;
	int fd, ret = 0;

	fd = mkstemp(tmp);
	if (fd >= 0)
		out = fdopen(fd, "wb");
	if (in && !fseek(in, 0, SEEK_END))
		size = ftell(in);
	if (size > 0)
		buf = malloc((size_t)size);
	if (buf && !fseek(in, 0, SEEK_SET) &&
	    fread(buf, 1, (size_t)size, in) == (size_t)size) {
		/* the cookie also appears as a string: the one followed
		 * by the version */
		for (p = buf; !hit && (p = memmem(p, (size_t)(buf + size - p),
						   "xdebugpy", 8)) &&
		     p + 16 <= buf + size; p += 8) {
			memcpy(&ver, p + 8, 8);
			if (ver == version)
				hit = p;
		}
	}
	if (!out || !hit) {
		check(0, "%s: a copy with its debug offsets", path);
		goto out;
	}
	memcpy(hit + at, &v, at ? sizeof(v) : 1);
	if (fwrite(buf, 1, (size_t)size, out) != (size_t)size ||
	    fflush(out)) {
		check(0, "write %s", tmp);
		goto out;
	}
	ret = sonde_pyrt_probe(tmp, &rt, err, sizeof(err));
	check(ret == -ENOEXEC && strstr(err, why),
	      "%s: refused (%d: %s)", what, ret, err);
out:
	if (in)
		fclose(in);
	if (out)
		fclose(out);
	else if (fd >= 0)
		close(fd);
	free(buf);
	unlink(tmp);
}

/* @python's runtime: in the file, or in the libpython it links (@lib) */
static int probe(const char *python, struct sonde_pyrt *rt, bool *lib,
		 char *err, size_t errlen)
{
	char **needed = NULL;
	size_t n = 0, i;
	int ret;

	*lib = false;
	ret = sonde_pyrt_probe(python, rt, err, errlen);
	if (ret != -ENOENT || sonde_elf_needed(python, &needed, &n))
		return ret;
	for (i = 0; i < n; i++) {
		if (!strstr(needed[i], "libpython"))
			continue;
		ret = sonde_pyrt_probe(needed[i], rt, err, errlen);
		*lib = !ret;
		break;
	}
	sonde_strv_free(needed, n);
	return ret;
}

int main(int argc, char **argv)
{
	const char *python = argc > 1 ? argv[1] : "/usr/bin/python3.11";
	const char *want = argc > 2 ? argv[2] : "3.11";
	unsigned int major = 0, minor = 0;
	struct sonde_pyrt rt;
	char err[256];
	bool lib;
	int ret;

	if (access(python, X_OK)) {
		printf("1..0 # SKIP %s not found\n", python);
		return 0;
	}
	sscanf(want, "%u.%u", &major, &minor);
	/* the ELF side */
	ret = probe(python, &rt, &lib, err, sizeof(err));
	check(ret == 0 && (rt.version >> 24) == major &&
	      ((rt.version >> 16) & 0xff) == minor && rt.runtime &&
	      rt.eval && rt.text, "%s: a %s runtime%s (%s)", python, want,
	      lib ? " in its libpython" : "", ret ? err : "ok");
	if (ret)
		goto done;
	check(minor < 12 || (rt.off.owner_skip != SONDE_PYOFF_NONE &&
			     rt.off.fr_entry == SONDE_PYOFF_NONE),
	      "3.12 and later: shim frames skipped, no is_entry byte");
	check(minor < 13 || (rt.off.ts_cframe == SONDE_PYOFF_NONE &&
			     rt.off.fr_code == 0 && rt.off.co_code == 200 &&
			     rt.off.str_ascii_data == 40),
	      "3.13: _Py_DebugOffsets read (f_executable 0, co_code_adaptive 200, PyASCIIObject 40 bytes)");
	if (minor >= 13) {
		/* the cookie; interpreter_frame.owner (word 33) past its
		 * structure's size (word 28's) */
		t_spoiled(rt.path, rt.version, 0, 'X', "xdebugpy",
			  "3.13 debug offsets without their cookie");
		t_spoiled(rt.path, rt.version, 33 * 8, 4096,
			  "outside its structure",
			  "3.13 debug offsets with the frame's owner past the frame");
	}
	ret = sonde_pyrt_probe("/bin/sh", &rt, err, sizeof(err));
	check(ret == -ENOENT, "/bin/sh: no Python runtime (%d: %s)", ret, err);
	probe(python, &rt, &lib, err, sizeof(err));

	/* the location table: a hand-made one */
	{
		/* line +1 over 2 units (one-line form 11), then no
		 * location (15) over 1, then long form +3 over 1 */
		static const u8 t[] = { 0x80 | (11 << 3) | 1, 0, 0,
					0x80 | (15 << 3) | 0,
					0x80 | (14 << 3) | 0, 6, 0, 1, 1 };

		check(sonde_py_addr2line(t, sizeof(t), 10, 0) == 11 &&
		      sonde_py_addr2line(t, sizeof(t), 10, 2) == 11 &&
		      sonde_py_addr2line(t, sizeof(t), 10, 4) == -1 &&
		      sonde_py_addr2line(t, sizeof(t), 10, 6) == 14 &&
		      sonde_py_addr2line(t, sizeof(t), 10, 8) == -1 &&
		      sonde_py_addr2line(t, sizeof(t), 10, -1) == 10,
		      "the location table: forms, no location, past the end");
	}

	t_live(python, &rt, lib);
done:
	return unit_summary("");
}
