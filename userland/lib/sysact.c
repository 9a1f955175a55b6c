// SPDX-License-Identifier: GPL-2.0
/*
 * sysact.c - the actions the consumer carries out on its own system:
 * system() runs a command (dtrace_system()), freopen() sends the output
 * to a file and freopen("") back to the first output (dtrace_freopen()),
 * ftruncate() empties the output file (DT_ACT_FTRUNCATE).  system() and
 * freopen() are destructive: the kernel refused the program unless its
 * destructive option was on, and they are run only when it is.
 * Consumer thread only.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "consume_impl.h"

/* The text of @act's format with its record's arguments, malloc'd. */
static char *sonde_sysact_text(struct sonde_consumer *c,
			       const struct sonde_action *act,
			       const struct sonde_fmtarg *args, uint32_t nargs)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	int n;

	if (!m)
		return NULL;
	n = sonde_format(m, act->fmt ? act->fmt : "", args, nargs, NULL, NULL);
	if (fclose(m) || n < 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* dt_handle_liberr(): a library error tied to the record's probe. */
static void sonde_sysact_err(struct sonde_consumer *c,
			     const struct sonde_rec *r, const char *what)
{
	const struct sonde_probe_info *pi = r->probe;

	if (c->dtrace2) {	/* dt_handle_liberr() */
		sonde_consumer_msg(c, SONDE_MSG_ERROR,
				   "error in dt_clause_%u for probe ID %u (%.*s:%.*s:%.*s:%.*s): %s",
				   sonde_dtrace2_stmt(c->prog,
						      c->prog->ecbs[r->epid - 1].clause),
				   pi->id,
				   SONDE_PROVNAMELEN, pi->desc.provider,
				   SONDE_MODNAMELEN, pi->desc.module,
				   SONDE_FUNCNAMELEN, pi->desc.function,
				   SONDE_NAMELEN, pi->desc.name, what);
		return;
	}
	sonde_consumer_msg(c, SONDE_MSG_ERROR,
			   "error on enabled probe ID %u (ID %u: %.*s:%.*s:%.*s:%.*s): %s",
			   r->epid, pi->id, SONDE_PROVNAMELEN, pi->desc.provider,
			   SONDE_MODNAMELEN, pi->desc.module,
			   SONDE_FUNCNAMELEN, pi->desc.function,
			   SONDE_NAMELEN, pi->desc.name, what);
}

int sonde_consumer_sysact(struct sonde_consumer *c, const struct sonde_rec *r,
			  const struct sonde_action *act,
			  const struct sonde_fmtarg *args, uint32_t nargs)
{
	char *text, msg[PATH_MAX + 128];
	FILE *f;
	int err;

	if (act->kind == SONDE_A_FTRUNCATE) {
		fflush(c->out);
		if (ftruncate(fileno(c->out), 0) == 0)
			fseeko(c->out, 0, SEEK_SET);
		return 0;
	}
	if (!sonde_program_kopt(c->prog, SONDE_OPT_destructive))
		return -EPERM;
	text = sonde_sysact_text(c, act, args, nargs);
	if (!text)
		return -ENOMEM;
	err = c->output->act_system ? c->output->act_system(c, act, text) : 0;
	if (act->kind == SONDE_A_SYSTEM) {
		/* dtrace_system(): what was printed comes first */
		fflush(c->out);
		fflush(stdout);
		if (system(text) == -1)
			err = err ? err : -errno;
	} else if (!text[0]) {
		/* freopen(""): the first output again (a no-op if there
		 * was never another) */
		if (c->out_orig) {
			fclose(c->out);
			c->out = c->out_orig;
			c->out_orig = NULL;
		}
	} else if (!(f = fopen(text, "a"))) {
		snprintf(msg, sizeof(msg), "couldn't freopen() \"%s\": %s",
			 text, strerror(errno));
		sonde_sysact_err(c, r, msg);
	} else {
		fflush(c->out);
		if (c->out_orig)
			fclose(c->out);
		else
			c->out_orig = c->out;
		c->out = f;
	}
	free(text);
	return err;
}
