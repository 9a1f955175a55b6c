// SPDX-License-Identifier: GPL-2.0
/*
 * load.c - the load policy, one for the compiler, the command and every
 * other client: a program is serialised and verified in userland once
 * (sonde_program_verify(), the compiler's self-check), and that image is
 * what LOAD sends, bound to the options and enablings of the moment
 * (sonde_program_image_bind()); destructive actions need the destructive
 * option (dtrace_go()'s EDT_DESTRUCTIVE); bufresize=auto lowers the
 * largest buffer while LOAD finds the buffers do not fit in memory.  Why
 * a program does not load comes back as a struct sonde_load_err, from
 * what the verifier knows (struct sonde_vlog's place) and from the errno
 * LOAD returns: no caller reads the verifier's or the module's text.
 * Consumer thread only.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libsonde.h"
#include "vm.h"

/* Start @e (if any) as "nothing failed". */
static void sonde_load_err_clear(struct sonde_load_err *e)
{
	if (!e)
		return;
	memset(e, 0, sizeof(*e));
	e->clause = SONDE_LOADERR_NOWHERE;
	e->pc = SONDE_LOADERR_NOWHERE;
}

/* Fill @e with @err, @kind and the first line of @text (may be NULL);
 * errno set; @err returned. */
static int sonde_load_fail(struct sonde_load_err *e, int err, uint32_t kind,
			   const char *text)
{
	if (e) {
		e->err = err;
		e->kind = kind;
		if (text)
			snprintf(e->reason, sizeof(e->reason), "%.*s",
				 (int)strcspn(text, "\n"), text);
	}
	errno = -err;
	return err;
}

int sonde_program_verify(struct sonde_program *p, struct sonde_image *img,
			 struct sonde_load_err *e)
{
	struct sonde_kopt_set destructive = p->kopts[SONDE_OPT_destructive];
	struct sonde_image view;
	struct sonde_vlog log;
	char buf[sizeof(e->reason)];
	void *image = NULL;
	size_t size = 0;
	int err;

	sonde_load_err_clear(e);
	/* the code is checked, not the permission: destructive actions
	 * are the loader's to refuse, with the options of the moment */
	p->kopts[SONDE_OPT_destructive].set = true;
	p->kopts[SONDE_OPT_destructive].value = 1;
	err = sonde_program_image(p, &image, &size);
	p->kopts[SONDE_OPT_destructive] = destructive;
	if (err)
		return sonde_load_fail(e, err, SONDE_LOADERR_IMAGE, NULL);
	memset(&log, 0, sizeof(log));
	buf[0] = '\0';
	log.buf = buf;
	log.size = sizeof(buf);
	err = sonde_image_verify(image, (uint32_t)size, &view, &log);
	if (err) {
		free(image);
		if (e && (log.at & SONDE_VLOG_AT_CLAUSE))
			e->clause = log.clause;
		if (e && (log.at & SONDE_VLOG_AT_INSN)) {
			e->pc = log.pc;
			e->pred = log.at & SONDE_VLOG_AT_PRED;
		}
		return sonde_load_fail(e, err, SONDE_LOADERR_VERIFY, buf);
	}
	free(p->image);
	p->image = image;
	p->image_size = size;
	if (img)
		*img = view;
	return 0;
}

/* Does @p ask for destructive actions (the kernel's or the consumer's)? */
static bool sonde_program_destructive(const struct sonde_program *p)
{
	uint32_t i;

	for (i = 0; i < p->nclauses; i++)
		if (p->clauses[i].flags & SONDE_CLAUSEF_DESTRUCTIVE)
			return true;
	for (i = 0; i < p->ninsns; i++)
		if (p->insns[i].op == SONDE_OP_CALL &&
		    p->insns[i].imm >= SONDE_SUBR_FIRST_DESTRUCTIVE &&
		    p->insns[i].imm < SONDE_SUBR_FIRST_INTERNAL)
			return true;
	return false;
}

/*
 * The module refused destructive actions: the place of the first call of
 * a subroutine its kernel_destructive parameter guards, which is the one
 * it names (kmod/destruct.c scans the instructions in order).
 */
static void sonde_destructive_place(const struct sonde_program *p,
				    struct sonde_load_err *e)
{
	uint32_t i, c;

	for (i = 0; i < p->ninsns; i++)
		if (p->insns[i].op == SONDE_OP_CALL &&
		    SONDE_SUBR_KERNEL_DESTRUCTIVE(p->insns[i].imm))
			break;
	for (c = 0; c < p->nclauses && i < p->ninsns; c++) {
		const struct sonde_pclause *cl = &p->clauses[c];

		if (i >= cl->pred_off && i - cl->pred_off < cl->pred_len) {
			e->pred = true;
			e->pc = i - cl->pred_off;
		} else if (i >= cl->act_off && i - cl->act_off < cl->act_len) {
			e->pc = i - cl->act_off;
		} else {
			continue;
		}
		e->clause = c;
		return;
	}
}

#define SONDE_NRESIZE	4

/*
 * The buffers bufresize=auto may lower, as dtrace(1) names them when it
 * says so.
 */
static const struct {
	uint32_t id;
	const char *name;
	const char *opt;
} sonde_resize[SONDE_NRESIZE] = {
	{ SONDE_OPT_bufsize, "buffer size", "bufsize" },
	{ SONDE_OPT_aggsize, "aggregation size", "aggsize" },
	{ SONDE_OPT_specsize, "speculation size", "specsize" },
	{ SONDE_OPT_dynvarsize, "dynamic variable size", "dynvarsize" },
};

/* The least the kernel takes of each option. */
static const uint64_t sonde_kopt_min[SONDE_NKOPTS] = {
#define SONDE_KOPT_MIN_(name, id, def, min, max) [id] = min,
	SONDE_KOPTS(SONDE_KOPT_MIN_)
#undef SONDE_KOPT_MIN_
};

/* Does @p have buffer @id at all (an aggregation, a speculation, a
 * dynamic variable)?  The principal buffer it always has. */
static bool sonde_buf_used(const struct sonde_program *p, uint32_t id)
{
	uint32_t i;

	switch (id) {
	case SONDE_OPT_aggsize:
		return p->naggs;
	case SONDE_OPT_specsize:
		for (i = 0; i < p->ninsns; i++)
			if (p->insns[i].op == SONDE_OP_CALL &&
			    p->insns[i].imm == SONDE_SUBR_speculation)
				return true;
		return false;
	case SONDE_OPT_dynvarsize:
		for (i = 0; i < p->nvars; i++)
			if (p->vars[i].desc.nkeys ||
			    p->vars[i].desc.scope == SONDE_VAR_TLS)
				return true;
		return false;
	}
	return true;
}

/*
 * bufresize=auto (the default): while LOAD finds the buffers do not fit
 * in memory (-ENOMEM) the largest the program has is halved, as
 * dtrace_buffer_alloc() halves until the allocation succeeds.  False when
 * nothing is left to lower.
 */
static bool sonde_bufresize(struct sonde_program *p)
{
	uint64_t v, best = 0;
	unsigned int i, k = SONDE_NRESIZE;

	if (p->uopts.bufresize_manual)
		return false;
	for (i = 0; i < SONDE_NRESIZE; i++) {
		uint32_t id = sonde_resize[i].id;

		v = sonde_program_kopt(p, id);
		if (sonde_buf_used(p, id) && v / 2 >= sonde_kopt_min[id] &&
		    v > best) {
			best = v;
			k = i;
		}
	}
	if (k == SONDE_NRESIZE)
		return false;
	p->kopts[sonde_resize[k].id].set = true;
	p->kopts[sonde_resize[k].id].value = (best / 2) & ~7ULL;
	return true;
}

/* dtrace(1)'s "buffer size lowered to 2m", for each size the script or
 * the command line set that LOAD had to lower. */
static void sonde_bufs_lowered(const struct sonde_program *p,
			       const uint64_t *asked, sonde_msg_fn msg,
			       void *msg_arg)
{
	unsigned int i, j;
	char text[128];
	uint64_t v;

	for (i = 0; i < SONDE_NRESIZE && msg; i++) {
		v = sonde_program_kopt(p, sonde_resize[i].id);
		if (!asked[i] || v >= asked[i] || p->uopts.quietresize)
			continue;
		for (j = 0; j < 6 && (1ULL << (10 * (j + 1))) <= v; j++)
			;
		if (!(v & ((1ULL << (10 * j)) - 1)))
			snprintf(text, sizeof(text), "%s lowered to %llu%c",
				 sonde_resize[i].name,
				 (unsigned long long)(v >> (10 * j)),
				 " kmgtpe"[j]);
		else
			snprintf(text, sizeof(text), "%s lowered to %llu bytes",
				 sonde_resize[i].name, (unsigned long long)v);
		msg(msg_arg, SONDE_MSG_WARNING, text);
	}
}

/*
 * The most one thing of buffer @id takes in @img, in the bytes D's size
 * counts: a record with its header (bufsize, specsize), an aggregation
 * entry with its header (aggsize), a dynamic variable's key and value
 * (dynvarsize: as Linux dtrace counts its tuple and value; the thread of
 * a thread-local is not counted).  0 when the program puts nothing there.
 */
static uint64_t sonde_buf_need(const struct sonde_image *img, uint32_t id)
{
	uint64_t need = 0, n;
	uint32_t i;

	switch (id) {
	case SONDE_OPT_bufsize:
	case SONDE_OPT_specsize:
		for (i = 0; i < img->nclauses; i++) {
			n = sizeof(struct sonde_rechdr) +
			    img->clauses[i].rec_size;
			need = n > need ? n : need;
		}
		break;
	case SONDE_OPT_aggsize:
		for (i = 0; i < img->naggs; i++) {
			n = sizeof(struct sonde_aggrec) +
			    ((sonde_agg_key_size(img, i) + 7ULL) & ~7ULL) +
			    sonde_agg_val_size(&img->aggs[i]);
			need = n > need ? n : need;
		}
		break;
	case SONDE_OPT_dynvarsize:
		for (i = 0; i < img->nvars; i++) {
			const struct sonde_var_desc *v = &img->vars[i];

			if (!v->nkeys && v->scope != SONDE_VAR_TLS)
				continue;
			n = (uint64_t)sonde_key_size(img, v->keys_off,
						     v->nkeys) +
			    sonde_var_val_size(img, v->type);
			need = n > need ? n : need;
		}
		break;
	}
	return need;
}

/*
 * dtrace_go()'s EDT_BUFTOOSMALL: a size D took below the kernel's least
 * (the image has the least) that does not hold the largest thing the
 * program puts in that buffer.
 */
static int sonde_bufs_fit(struct sonde_program *p, struct sonde_load_err *e)
{
	static const char *const what[] = {
		[SONDE_OPT_bufsize] = "a record",
		[SONDE_OPT_specsize] = "a record",
		[SONDE_OPT_aggsize] = "an aggregation entry",
		[SONDE_OPT_dynvarsize] = "a dynamic variable",
	};
	struct sonde_image img;
	char text[160];
	uint64_t v, need;
	uint32_t i;
	int err;

	for (i = 0; i < SONDE_NRESIZE; i++) {
		uint32_t id = sonde_resize[i].id;

		v = sonde_program_kopt(p, id);
		if (v >= sonde_kopt_min[id] || !sonde_buf_used(p, id))
			continue;
		err = sonde_program_verify(p, &img, e);
		if (err)
			return err;
		need = sonde_buf_need(&img, id);
		if (v >= need)
			continue;
		snprintf(text, sizeof(text),
			 "option %s: %llu bytes do not hold %s of %llu bytes",
			 sonde_resize[i].opt, (unsigned long long)v, what[id],
			 (unsigned long long)need);
		return sonde_load_fail(e, -E2BIG, SONDE_LOADERR_BUFSIZE, text);
	}
	return 0;
}

int sonde_program_load(struct sonde_dev *dev, struct sonde_program *p,
		       sonde_msg_fn msg, void *msg_arg,
		       struct sonde_load_err *e)
{
	uint64_t asked[SONDE_NRESIZE];
	void *image = NULL;
	size_t size = 0;
	char *log = NULL;
	unsigned int i, tries;
	uint32_t kind;
	int err;

	if (!p->image) {
		err = sonde_program_verify(p, NULL, e);
		if (err)
			return err;
	}
	sonde_load_err_clear(e);
	/* dtrace_go()'s EDT_DESTRUCTIVE (the kernel refuses it too) */
	if (sonde_program_destructive(p) &&
	    !sonde_program_kopt(p, SONDE_OPT_destructive))
		return sonde_load_fail(e, -EACCES, SONDE_LOADERR_DESTRUCTIVE,
				       NULL);
	err = sonde_bufs_fit(p, e);
	if (err)
		return err;
	for (i = 0; i < SONDE_NRESIZE; i++)
		asked[i] = p->kopts[sonde_resize[i].id].set ?
			   p->kopts[sonde_resize[i].id].value : 0;
	for (tries = 0; tries < 256; tries++) {
		err = sonde_program_image_bind(p, &image, &size);
		if (err) {
			free(log);
			return sonde_load_fail(e, err, SONDE_LOADERR_IMAGE,
					       NULL);
		}
		free(log);
		log = NULL;
		err = sonde_dev_load(dev, image, size, &log);
		free(image);
		image = NULL;
		if (err != -ENOMEM || !sonde_bufresize(p))
			break;
	}
	if (!err) {
		sonde_bufs_lowered(p, asked, msg, msg_arg);
		return 0;
	}
	/*
	 * The image passed the same verifier with destructive actions
	 * allowed, and the option allows them: the module's EACCES is then
	 * its refusal of destructive actions (kernel_destructive).
	 */
	kind = err == -EACCES ? SONDE_LOADERR_DESTRUCTIVE :
	       SONDE_LOADERR_KERNEL;
	if (e && kind == SONDE_LOADERR_DESTRUCTIVE)
		sonde_destructive_place(p, e);
	sonde_load_fail(e, err, kind, log);
	free(log);
	return err;
}
