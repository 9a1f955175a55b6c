// SPDX-License-Identifier: GPL-2.0
/*
 * anon.c - what the sonde command keeps of itself in an anonymous
 * enabling's file (the arguments section, uapi/sonde.h), so that `sonde
 * -a` compiles the very program `sonde -A` saved: the options as getopt
 * saw them (without -A, -a and -o), the arguments after them, and the
 * text of each -s script as it was when saved.  And the file's place:
 * written whole or not at all (a temporary beside it, renamed).
 *
 * The section: strings, each NUL-terminated: the number N of argument
 * strings (decimal), the N arguments, then one string per -s script,
 * its text, in the order of the -s options.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

int cli_anon_args_add(struct cli_anon_args *a, const char *s)
{
	size_t n = strlen(s) + 1;
	char *t;

	if (a->size + n > a->cap) {
		a->cap = (a->size + n) * 2 + 256;
		t = realloc(a->buf, a->cap);
		if (!t)
			return -ENOMEM;
		a->buf = t;
	}
	memcpy(a->buf + a->size, s, n);
	a->size += n;
	return 0;
}

int cli_anon_args_decode(const char *buf, size_t size, char ***argv,
			 int *argc, char ***scripts, int *nscripts)
{
	const char *p = buf, *end = buf + size;
	char **v = NULL, **sv = NULL;
	unsigned long n, i, ns = 0;
	char *e;

	*argv = NULL;
	*scripts = NULL;
	if (!size || buf[size - 1] != '\0')
		return -EINVAL;
	n = strtoul(p, &e, 10);
	if (e == p || *e || n > size)
		return -EINVAL;
	p += strlen(p) + 1;
	/* argv[0] and a NULL at the end, as main()'s */
	v = calloc(n + 2, sizeof(*v));
	sv = calloc(size, sizeof(*sv));
	if (!v || !sv)
		goto out_free;
	v[0] = "sonde";
	for (i = 0; i < n; i++) {
		if (p >= end)
			goto out_free;
		v[i + 1] = (char *)p;
		p += strlen(p) + 1;
	}
	while (p < end) {
		sv[ns++] = (char *)p;
		p += strlen(p) + 1;
	}
	*argv = v;
	*argc = (int)n + 1;
	*scripts = sv;
	*nscripts = (int)ns;
	return 0;

out_free:
	free(v);
	free(sv);
	return -EINVAL;
}

/* mkdir -p of @path's folder (one level: /etc/sonde under /etc). */
static int cli_anon_mkdir(const char *path)
{
	char *d = strdup(path);
	int ret = 0;

	if (!d)
		return -ENOMEM;
	if (mkdir(dirname(d), 0755) && errno != EEXIST)
		ret = -errno;
	free(d);
	return ret;
}

int cli_anon_write(const char *path, const void *buf, size_t size)
{
	char tmp[4096];
	ssize_t n;
	size_t off = 0;
	int fd, ret;

	if (snprintf(tmp, sizeof(tmp), "%s.new", path) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	ret = cli_anon_mkdir(path);
	if (ret)
		return ret;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	while (off < size) {
		n = write(fd, (const char *)buf + off, size - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n < 0 ? -errno : -EIO;
			goto out_unlink;
		}
		off += (size_t)n;
	}
	if (fsync(fd)) {
		ret = -errno;
		goto out_unlink;
	}
	if (close(fd)) {
		fd = -1;
		ret = -errno;
		goto out_unlink;
	}
	fd = -1;
	if (rename(tmp, path)) {
		ret = -errno;
		goto out_unlink;
	}
	return 0;

out_unlink:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return ret;
}
