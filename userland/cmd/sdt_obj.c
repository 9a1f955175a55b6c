// SPDX-License-Identifier: GPL-2.0
/*
 * sdt_obj.c - `sonde -G -s provider.d [-o out.o] [file.o ...]`: the object
 * file that build systems written for dtrace link into a program with
 * USDT probes (PostgreSQL's: `$(DTRACE) -C -G -s probes.d -o probes.o
 * $(objfiles)`, then probes.o goes into the link).
 *
 * On Solaris dtrace -G rewrites the probe sites of the given objects and
 * emits the DOF that registers them.  With <sys/sdt.h> probes, as `sonde
 * -h` writes them, the sites are already complete in each object's
 * .note.stapsdt and nothing needs rewriting; what a program may still
 * lack is a definition of the is-enabled semaphores, when its objects
 * were compiled with a header that only declares them (SystemTap's
 * `dtrace -h` does).  So the object made here is the -h header itself,
 * compiled: every probe's semaphore, defined weak and hidden in .probes
 * exactly as the header defines it (one definition per program, whichever
 * objects carry it).  The objects named are checked to be ELF relocatable
 * files and are not changed.
 *
 * The compiler is $CC (default cc) with $CFLAGS, as SystemTap's helper
 * runs it (so the object gets the build's ABI and hardening flags, -m32,
 * -fcf-protection), through sh so both may carry several words; the
 * header needs <sys/sdt.h> (systemtap-sdt-dev), as the program's own
 * objects did.  Command's thread only.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "usdt.h"
#include "cli.h"

#define E_SUCCESS	0
#define E_ERROR		1
#define E_USAGE		2

__attribute__((format(printf, 1, 2)))
static void gerr(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("sonde: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* @path is an ELF relocatable object (what a compiler's -c writes). */
static int sdt_check_object(const char *path)
{
	Elf64_Ehdr eh;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		gerr("failed to open %s: %s", path, strerror(errno));
		return -1;
	}
	n = read(fd, &eh, sizeof(eh));
	close(fd);
	if (n < (ssize_t)sizeof(eh) || memcmp(eh.e_ident, ELFMAG, SELFMAG)) {
		gerr("failed to process %s: not an ELF file", path);
		return -1;
	}
	if (eh.e_type != ET_REL) {
		gerr("failed to process %s: not an object file (ELF type %u; -G takes the objects before they are linked)",
		     path, eh.e_type);
		return -1;
	}
	return 0;
}

static char *sdt_read(const char *path)
{
	char buf[4096], *src = NULL;
	size_t len = 0, n;
	FILE *in, *mem;

	in = fopen(path, "re");
	if (!in) {
		gerr("failed to open %s: %s", path, strerror(errno));
		return NULL;
	}
	mem = open_memstream(&src, &len);
	if (mem) {
		while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
			fwrite(buf, 1, n, mem);
		fclose(mem);
	}
	if (ferror(in)) {
		gerr("failed to read %s: %s", path, strerror(errno));
		free(src);
		src = NULL;
	}
	fclose(in);
	return src;
}

/* Compile the C text @c (length @len) into the object @out with $CC. */
static int sdt_compile(const char *c, size_t len, const char *out)
{
	const char *cc = getenv("CC");
	int fds[2], status;
	size_t off = 0;
	ssize_t n;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC)) {
		gerr("failed to create pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		gerr("failed to fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		if (dup2(fds[0], STDIN_FILENO) < 0)
			_exit(127);
		execl("/bin/sh", "sh", "-c",
		      "exec ${CC:-cc} $CFLAGS -fPIC -c -x c -o \"$1\" -", "sonde", out,
		      (char *)NULL);
		_exit(127);
	}
	close(fds[0]);
	while (off < len) {
		n = write(fds[1], c + off, len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;	/* the compiler died: its status says why */
		off += n;
	}
	close(fds[1]);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			gerr("failed to wait for the compiler: %s",
			     strerror(errno));
			return -1;
		}
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		gerr("failed to compile %s with %s (exit status %d): it needs <sys/sdt.h> (systemtap-sdt-dev)",
		     out, cc && *cc ? cc : "cc",
		     WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
		unlink(out);
		return -1;
	}
	return 0;
}

int cli_sdt_object(const char *script, bool one_script, const char *ofile,
		   int nobj, char **objs)
{
	char name[PATH_MAX], err[512];
	const char *base, *dot;
	char *src, *hdr = NULL;
	size_t hlen = 0;
	FILE *mem;
	int i, ret;

	if (!one_script) {
		gerr("-G requires exactly one -s script of provider definitions");
		return E_USAGE;
	}
	for (i = 0; i < nobj; i++)
		if (sdt_check_object(objs[i]))
			return E_ERROR;
	if (!ofile) {
		/* as SystemTap's dtrace: probes.d gives probes.o */
		base = strrchr(script, '/');
		base = base ? base + 1 : script;
		dot = strrchr(base, '.');
		if (!dot || strcmp(dot, ".d")) {
			gerr("failed to name the object: %s does not end in .d (use -o)",
			     script);
			return E_ERROR;
		}
		snprintf(name, sizeof(name), "%.*s.o", (int)(dot - base), base);
		ofile = name;
	}
	src = sdt_read(script);
	if (!src)
		return E_ERROR;
	mem = open_memstream(&hdr, &hlen);
	if (!mem) {
		gerr("failed to allocate memory");
		free(src);
		return E_ERROR;
	}
	ret = sonde_usdt_header(mem, src, script, err, sizeof(err));
	fclose(mem);
	free(src);
	if (ret) {
		if (ret == -EINVAL)
			fprintf(stderr, "%s\n", err);
		else
			gerr("failed to generate the probe object: %s",
			     strerror(-ret));
		free(hdr);
		return E_ERROR;
	}
	ret = sdt_compile(hdr, hlen, ofile);
	free(hdr);
	return ret ? E_ERROR : E_SUCCESS;
}
