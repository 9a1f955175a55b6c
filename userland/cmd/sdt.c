// SPDX-License-Identifier: GPL-2.0
/*
 * sdt.c - the drivers of `sonde -h` and `sonde -G`, side by side: read the
 * one -s file of provider definitions, parse it with the D compiler
 * (dc_sdt_parse()), and hand the definitions to usdt's writers, the C
 * header (usdt/sdt_hdr.c) or the object that defines its semaphores
 * (usdt/sdt_obj.c).  They live here because only the command sees both
 * the compiler and usdt (usdt is below the compiler and includes only
 * uapi/).  Prints its errors, "sonde: " and a sentence, or the parser's
 * "file:line:col: error: ..." line.  Command's thread only.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dc.h"
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

/* The text of @in; NULL (the stream in error or no memory) otherwise. */
static char *sdt_slurp(FILE *in)
{
	char buf[4096], *src = NULL;
	size_t len = 0, n;
	FILE *mem;

	mem = open_memstream(&src, &len);
	if (mem) {
		while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
			fwrite(buf, 1, n, mem);
		fclose(mem);
	}
	return src;
}

int cli_header(const char *script, bool one_script, const char *ofile)
{
	struct sonde_sdt_defs defs = { 0 };
	char name[PATH_MAX], err[512];
	FILE *in, *out;
	char *src;
	int ret, wret;

	if (!one_script) {
		gerr("-h requires exactly one -s script of provider definitions");
		return E_USAGE;
	}
	in = fopen(script, "re");
	if (!in) {
		gerr("failed to open %s: %s", script, strerror(errno));
		return E_ERROR;
	}
	src = sdt_slurp(in);
	fclose(in);
	if (!src) {
		gerr("failed to read %s", script);
		return E_ERROR;
	}
	if (!ofile) {
		if (sonde_sdt_outname(script, ".h", name, sizeof(name))) {
			gerr("failed to name the header: %s does not end in .d (use -o)",
			     script);
			free(src);
			return E_ERROR;
		}
		ofile = name;
	}
	out = strcmp(ofile, "-") ? fopen(ofile, "w") : stdout;
	if (!out) {
		gerr("failed to open %s: %s", ofile, strerror(errno));
		free(src);
		return E_ERROR;
	}
	/* after an error, what came before it is written all the same (to
	 * stdout with -o -), as when -h wrote while it parsed */
	ret = dc_sdt_parse(src, script, &defs, err, sizeof(err));
	wret = sonde_sdt_header(out, &defs, script, ret != 0);
	if (!ret)
		ret = wret;
	sonde_sdt_defs_free(&defs);
	if (out != stdout && fclose(out) && !ret)
		ret = -errno;
	free(src);
	if (ret) {
		if (out != stdout)
			unlink(ofile);
		if (ret == -EINVAL)
			fprintf(stderr, "%s\n", err);
		else
			gerr("failed to write %s: %s", ofile, strerror(-ret));
		return E_ERROR;
	}
	return E_SUCCESS;
}

int cli_sdt_object(const char *script, bool one_script, const char *ofile,
		   int nobj, char **objs)
{
	struct sonde_sdt_defs defs = { 0 };
	char name[PATH_MAX], err[512];
	FILE *in;
	char *src;
	int i, ret;

	if (!one_script) {
		gerr("-G requires exactly one -s script of provider definitions");
		return E_USAGE;
	}
	for (i = 0; i < nobj; i++) {
		if (sonde_sdt_object_check(objs[i], err, sizeof(err))) {
			gerr("%s", err);
			return E_ERROR;
		}
	}
	if (!ofile) {
		/* as SystemTap's dtrace: probes.d gives probes.o */
		if (sonde_sdt_outname(script, ".o", name, sizeof(name))) {
			gerr("failed to name the object: %s does not end in .d (use -o)",
			     script);
			return E_ERROR;
		}
		ofile = name;
	}
	in = fopen(script, "re");
	if (!in) {
		gerr("failed to open %s: %s", script, strerror(errno));
		return E_ERROR;
	}
	src = sdt_slurp(in);
	if (ferror(in)) {
		gerr("failed to read %s: %s", script, strerror(errno));
		free(src);
		src = NULL;
	}
	fclose(in);
	if (!src)
		return E_ERROR;
	ret = dc_sdt_parse(src, script, &defs, err, sizeof(err));
	free(src);
	if (ret) {
		if (ret == -EINVAL)
			fprintf(stderr, "%s\n", err);
		else
			gerr("failed to generate the probe object: %s",
			     strerror(-ret));
		sonde_sdt_defs_free(&defs);
		return E_ERROR;
	}
	ret = sonde_sdt_object(&defs, script, ofile, err, sizeof(err));
	sonde_sdt_defs_free(&defs);
	if (ret) {
		gerr("%s", err);
		return E_ERROR;
	}
	return E_SUCCESS;
}
