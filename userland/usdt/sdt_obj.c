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
 * objects did.  The definitions come parsed, as sdt_hdr.c's; the command
 * (cmd/sdt.c) reads the file with the D compiler's parser and says what
 * went wrong.  Nothing here prints: errors go to the caller's buffer.
 * Command's thread only.
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

__attribute__((format(printf, 3, 4)))
static void sdt_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* @path is an ELF relocatable object (what a compiler's -c writes). */
int sonde_sdt_object_check(const char *path, char *err, size_t errlen)
{
	Elf64_Ehdr eh;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		n = -errno;
		sdt_err(err, errlen, "failed to open %s: %s", path,
			strerror(errno));
		return n;
	}
	n = read(fd, &eh, sizeof(eh));
	close(fd);
	if (n < (ssize_t)sizeof(eh) || memcmp(eh.e_ident, ELFMAG, SELFMAG)) {
		sdt_err(err, errlen, "failed to process %s: not an ELF file",
			path);
		return -ENOEXEC;
	}
	if (eh.e_type != ET_REL) {
		sdt_err(err, errlen, "failed to process %s: not an object file (ELF type %u; -G takes the objects before they are linked)",
			path, eh.e_type);
		return -ENOEXEC;
	}
	return 0;
}

/* Compile the C text @c (length @len) into the object @out with $CC. */
static int sdt_compile(const char *c, size_t len, const char *out,
		       char *err, size_t errlen)
{
	const char *cc = getenv("CC");
	int fds[2], status;
	size_t off = 0;
	ssize_t n;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC)) {
		sdt_err(err, errlen, "failed to create pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		sdt_err(err, errlen, "failed to fork: %s", strerror(errno));
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
			sdt_err(err, errlen, "failed to wait for the compiler: %s",
			     strerror(errno));
			return -1;
		}
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		sdt_err(err, errlen, "failed to compile %s with %s (exit status %d): it needs <sys/sdt.h> (systemtap-sdt-dev)",
			out, cc && *cc ? cc : "cc",
			WIFEXITED(status) ? WEXITSTATUS(status) :
			128 + WTERMSIG(status));
		unlink(out);
		return -1;
	}
	return 0;
}

int sonde_sdt_object(const struct sonde_sdt_defs *d, const char *srcname,
		     const char *ofile, char *err, size_t errlen)
{
	char *hdr = NULL;
	size_t hlen = 0;
	FILE *mem;
	int ret;

	mem = open_memstream(&hdr, &hlen);
	if (!mem) {
		sdt_err(err, errlen, "failed to allocate memory");
		return -ENOMEM;
	}
	ret = sonde_sdt_header(mem, d, srcname, false);
	fclose(mem);
	if (ret) {
		sdt_err(err, errlen, "failed to generate the probe object: %s",
			strerror(-ret));
		free(hdr);
		return ret;
	}
	ret = sdt_compile(hdr, hlen, ofile, err, errlen);
	free(hdr);
	return ret ? -EIO : 0;
}
