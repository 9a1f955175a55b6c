// SPDX-License-Identifier: GPL-2.0
/*
 * test_syms.c - where user symbols come from (sym.c): a stripped
 * object's separate debug file found by build-id and by .gnu_debuglink
 * (beside it, DEBUGDIR/its dir; a CRC that does not match is refused),
 * MiniDebugInfo (.gnu_debugdata), JIT code named from /tmp/perf-PID.map,
 * C++ names demangled unless -x mangled.  Against live processes: this
 * one and the symfix variants build.mk makes.
 *
 *	test_syms BUILD_TESTS_DIR
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libsonde.h"
#include "unit.h"
#include "usdt.h"

static const char *dir;		/* build/tests */
static char root[] = "/tmp/test_syms.XXXXXX";	/* a debug root */

/* A C function under a C++ name: sonde::outer(long). */
long cxx_outer(long n) __asm__("_ZN5sonde5outerEl");
__attribute__((noinline)) long cxx_outer(long n)
{
	return n * 3;
}

struct fix {
	pid_t pid;
	int in;			/* its stdin: closing it ends it */
	unsigned long long fn;	/* fix_leaf's address in it */
};

/* Start symfix variant @name; false if it would not start. */
static bool fix_start(struct fix *f, const char *name)
{
	char path[PATH_MAX], line[64];
	int in[2], out[2];
	FILE *o;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (pipe(in) || pipe(out))
		return false;
	f->pid = fork();
	if (f->pid < 0)
		return false;
	if (!f->pid) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		execl(path, path, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	f->in = in[1];
	o = fdopen(out[0], "r");
	if (!o || !fgets(line, sizeof(line), o) ||
	    sscanf(line, "%llx", &f->fn) != 1) {
		if (o)
			fclose(o);
		return false;
	}
	fclose(o);
	return true;
}

static void fix_stop(struct fix *f)
{
	close(f->in);
	waitpid(f->pid, NULL, 0);
}

/* The name of fix_leaf+1 in symfix variant @name, @debugdir its root. */
static void fix_name(const char *name, const char *debugdir, char *buf,
		     size_t n)
{
	struct sonde_syms *s = sonde_syms_new("/nonexistent");
	struct fix f;

	snprintf(buf, n, "(%s did not start)", name);
	if (!s || sonde_syms_set_debugdir(s, debugdir))
		goto out;
	if (fix_start(&f, name)) {
		sonde_syms_uaddr(s, f.pid, f.fn + 1, buf, n);
		fix_stop(&f);
	}
out:
	sonde_syms_free(s);
}

static bool copy_file(const char *from, const char *to)
{
	char buf[65536];
	ssize_t r = 0;
	int i, o;

	i = open(from, O_RDONLY);
	o = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	while (i >= 0 && o >= 0 && (r = read(i, buf, sizeof(buf))) > 0)
		if (write(o, buf, (size_t)r) != r)
			r = -1;
	if (i >= 0)
		close(i);
	if (o >= 0)
		close(o);
	return i >= 0 && o >= 0 && !r;
}

/* mkdir -p of @path's directory part */
static void mkdirs(const char *path)
{
	char p[PATH_MAX], *c;

	snprintf(p, sizeof(p), "%s", path);
	for (c = p + 1; (c = strchr(c, '/')); c++) {
		*c = '\0';
		mkdir(p, 0755);
		*c = '/';
	}
}

/* @name's debug references; *@xz: .gnu_debugdata is an xz stream (read
 * before the file is closed: d->minidebug points into it) */
static void t_debug_refs(const char *name, struct sonde_elf_debug *d,
			 bool *xz)
{
	char path[PATH_MAX];
	Elf *e;
	int fd;

	memset(d, 0, sizeof(*d));
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY);
	e = fd >= 0 ? elf_begin(fd, ELF_C_READ, NULL) : NULL;
	check(e && !sonde_elf_debug_refs(e, d), "%s: debug references read",
	      name);
	*xz = d->minidebug && d->minidebug_len > 6 &&
	      !memcmp(d->minidebug, "\xfd" "7zXZ", 6);
	d->minidebug = d->minidebug ? "" : NULL;	/* not to be read after */
	if (e)
		elf_end(e);
	if (fd >= 0)
		close(fd);
}

static void t_debug_files(void)
{
	struct sonde_elf_debug d, dl;
	char name[512], p[PATH_MAX], src[PATH_MAX], real[PATH_MAX];
	struct fix f;
	size_t i, n;
	bool xz;

	if (!fix_start(&f, "symfix")) {
		check(false, "symfix starts");
		return;
	}
	fix_stop(&f);

	fix_name("symfix", root, name, sizeof(name));
	check(!strcmp(name, "symfix`fix_leaf+0x1"),
	      "unstripped: its own .symtab (%s)", name);

	t_debug_refs("symfix-stripped", &d, &xz);
	check(!d.symtab && d.build_id_len == 20 && !d.link[0] &&
	      !d.minidebug, "stripped: no .symtab, a 20-byte build-id");
	t_debug_refs("symfix-link", &dl, &xz);
	check(!dl.symtab && !strcmp(dl.link, "symfix.debug") &&
	      dl.build_id_len == 20,
	      "debuglink: the file name (%s) and the build-id", dl.link);

	/* no debug file anywhere: the object, no function (hex) */
	fix_name("symfix-stripped", root, name, sizeof(name));
	check(!strncmp(name, "symfix-stripped`0x", 18),
	      "stripped, no debug file: object`0xpc (%s)", name);

	/* by build-id under the debug root */
	n = (size_t)snprintf(p, sizeof(p), "%s/.build-id/%02x/", root,
			     d.build_id[0]);
	for (i = 1; i < d.build_id_len; i++)
		n += (size_t)snprintf(p + n, sizeof(p) - n, "%02x",
				      d.build_id[i]);
	snprintf(p + n, sizeof(p) - n, ".debug");
	mkdirs(p);
	snprintf(src, sizeof(src), "%s/symfix.debug", dir);
	check(copy_file(src, p), "debug file placed by build-id");
	fix_name("symfix-stripped", root, name, sizeof(name));
	check(!strcmp(name, "symfix-stripped`fix_leaf+0x1"),
	      "stripped: named from DEBUGDIR/.build-id/xx/yyyy.debug (%s)",
	      name);
	/* a build-id file of another build is refused */
	snprintf(src, sizeof(src), "%s/symfix-other.debug", dir);
	check(copy_file(src, p), "another build's debug file at that path");
	fix_name("symfix-stripped", root, name, sizeof(name));
	check(!strncmp(name, "symfix-stripped`0x", 18),
	      "a debug file whose build-id differs is not used (%s)", name);
	unlink(p);

	/* .gnu_debuglink: beside the object, CRC matching */
	fix_name("symfix-link", root, name, sizeof(name));
	check(!strcmp(name, "symfix-link`fix_leaf+0x1"),
	      "debuglink: the debug file beside it (%s)", name);
	/* .gnu_debuglink whose file changed since: CRC refused */
	fix_name("symfix-badcrc", root, name, sizeof(name));
	check(!strncmp(name, "symfix-badcrc`0x", 16),
	      "debuglink: a file whose CRC-32 differs is not used (%s)",
	      name);
	/* .gnu_debuglink under DEBUGDIR/the object's directory/ */
	snprintf(p, sizeof(p), "%s/symfix-link2", dir);
	if (!realpath(p, real)) {
		check(false, "realpath %s", p);
		return;
	}
	*strrchr(real, '/') = '\0';
	snprintf(p, sizeof(p), "%s%s/symfix2.debug", root, real);
	mkdirs(p);
	snprintf(src, sizeof(src), "%s/away/symfix2.debug", dir);
	check(copy_file(src, p), "debug file placed under DEBUGDIR%s/", real);
	fix_name("symfix-link2", root, name, sizeof(name));
	check(!strcmp(name, "symfix-link2`fix_leaf+0x1"),
	      "debuglink: DEBUGDIR/the object's dir/link (%s)", name);
	unlink(p);

	/* MiniDebugInfo */
	t_debug_refs("symfix-mini", &d, &xz);
	check(!d.symtab && xz, "MiniDebugInfo: .gnu_debugdata is an xz stream");
	fix_name("symfix-mini", root, name, sizeof(name));
	check(!strcmp(name, "symfix-mini`fix_leaf+0x1"),
	      "MiniDebugInfo: named from .gnu_debugdata's .symtab (%s)", name);
}

static void t_demangle(void)
{
	struct sonde_syms *s = sonde_syms_new("/nonexistent");
	uint64_t pc = (uint64_t)(uintptr_t)cxx_outer;
	char name[512], *d;

	sonde_syms_uaddr(s, getpid(), pc + 2, name, sizeof(name));
	check(!strcmp(name, "test_syms`sonde::outer(long)+0x2"),
	      "uaddr: C++ name demangled (%s)", name);
	sonde_syms_name(s, SONDE_SYMNAME_USYM, getpid(), pc + 2, name,
			sizeof(name));
	check(!strcmp(name, "test_syms`sonde::outer(long)"),
	      "usym: C++ name demangled (%s)", name);
	sonde_syms_uaddr(s, getpid(), (uint64_t)(uintptr_t)t_demangle, name,
			 sizeof(name));
	check(!strcmp(name, "test_syms`t_demangle"),
	      "a C name is left as it is (%s)", name);
	sonde_syms_set_mangled(s, true);
	sonde_syms_uaddr(s, getpid(), pc + 2, name, sizeof(name));
	check(!strcmp(name, "test_syms`_ZN5sonde5outerEl+0x2"),
	      "-x mangled: the symbol table's name (%s)", name);
	sonde_syms_free(s);
	(void)cxx_outer(1);

	/* the one demangler (-l listings use it too) */
	d = sonde_demangle("_ZN5sonde6WidgetIiE4pokeEi");
	check(d && !strcmp(d, "sonde::Widget<int>::poke(int)"),
	      "sonde_demangle: a template member (%s)", d ? d : "NULL");
	free(d);
	d = sonde_demangle("main");
	check(!d, "sonde_demangle: a C name is none");
	free(d);
	d = sonde_demangle("_Zgarbage");
	check(!d, "sonde_demangle: a malformed _Z name is none");
	free(d);
}

static void t_perfmap(void)
{
	static const unsigned char code[] = { 0x55, 0x48, 0x89, 0xe5, 0x5d,
					      0xc3 };
	char path[64], name[512], want[512];
	struct sonde_syms *s;
	unsigned char *jit;
	FILE *f;

	jit = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (jit == MAP_FAILED) {
		check(false, "mmap");
		return;
	}
	memcpy(jit + 0x40, code, sizeof(code));
	mprotect(jit, 4096, PROT_READ | PROT_EXEC);

	/* no map file: the anonymous code has no name */
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", getpid());
	unlink(path);
	s = sonde_syms_new("/nonexistent");
	sonde_syms_uaddr(s, getpid(), (uint64_t)(uintptr_t)jit + 0x44, name,
			 sizeof(name));
	snprintf(want, sizeof(want), "0x%llx",
		 (unsigned long long)(uintptr_t)jit + 0x44);
	check(!strcmp(name, want), "no perf map: JIT code in hex (%s)", name);

	f = fopen(path, "w");
	fprintf(f, "%llx 6 jit_first\nnot a line\n%llx 10 "
		"_ZN5sonde3jitEv\n",
		(unsigned long long)(uintptr_t)jit + 0x40,
		(unsigned long long)(uintptr_t)jit + 0x80);
	fclose(f);
	sonde_syms_grab(s, getpid());
	sonde_syms_uaddr(s, getpid(), (uint64_t)(uintptr_t)jit + 0x44, name,
			 sizeof(name));
	snprintf(want, sizeof(want), "perf-%d.map`jit_first+0x4", getpid());
	check(!strcmp(name, want), "JIT frame named from the perf map (%s)",
	      name);
	sonde_syms_uaddr(s, getpid(), (uint64_t)(uintptr_t)jit + 0x81, name,
			 sizeof(name));
	snprintf(want, sizeof(want), "perf-%d.map`sonde::jit()+0x1",
		 getpid());
	check(!strcmp(name, want), "a C++ JIT name demangled (%s)", name);
	sonde_syms_uaddr(s, getpid(), (uint64_t)(uintptr_t)jit + 0x60, name,
			 sizeof(name));
	snprintf(want, sizeof(want), "perf-%d.map`0x%llx", getpid(),
		 (unsigned long long)(uintptr_t)jit + 0x60);
	check(!strcmp(name, want), "between the map's functions (%s)", name);

	/* a changed map is read again */
	f = fopen(path, "a");
	fprintf(f, "%llx 8 jit_late\n",
		(unsigned long long)(uintptr_t)jit + 0x60);
	fclose(f);
	sonde_syms_grab(s, getpid());
	sonde_syms_uaddr(s, getpid(), (uint64_t)(uintptr_t)jit + 0x60, name,
			 sizeof(name));
	snprintf(want, sizeof(want), "perf-%d.map`jit_late", getpid());
	check(!strcmp(name, want), "a grown perf map is read again (%s)",
	      name);
	sonde_syms_free(s);

	/* another user's map file is not believed for this process */
	if (geteuid() == 0 && getuid() == 0) {
		if (chown(path, 12345, 12345)) {
			check(false, "chown %s", path);
		} else {
			s = sonde_syms_new("/nonexistent");
			sonde_syms_uaddr(s, getpid(),
					 (uint64_t)(uintptr_t)jit + 0x44, name,
					 sizeof(name));
			snprintf(want, sizeof(want), "0x%llx",
				 (unsigned long long)(uintptr_t)jit + 0x44);
			check(!strcmp(name, want),
			      "a perf map owned by another user is ignored (%s)",
			      name);
			sonde_syms_free(s);
		}
	} else {
		unit_skip("a perf map owned by another user is ignored",
			  "not root");
	}
	unlink(path);
	munmap(jit, 4096);
}

int main(int argc, char **argv)
{
	char cmd[64];

	if (argc != 2) {
		fprintf(stderr, "usage: test_syms BUILD_TESTS_DIR\n");
		return 2;
	}
	dir = argv[1];
	if (!mkdtemp(root)) {
		perror("mkdtemp");
		return 1;
	}
	t_demangle();
	t_perfmap();
	t_debug_files();
	unit_plan();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		fprintf(stderr, "# could not remove %s\n", root);
	return unit_summary("");
}
