// SPDX-License-Identifier: GPL-2.0
/*
 * dc_sem_subr.c - semantic analysis of what D names besides variables and
 * operators: the inline constants DTrace's libraries define (NULL, the
 * DTRACEFLT_* fault codes, the signal numbers), the subroutines the
 * compiler computes itself (getmajor(), getminor()), the forms of a
 * subroutine call that change which subroutine runs (strtok(NULL, ...)),
 * and string indexing (s[i]).  Called by dc_sem.c.  Userland only.
 */
#include <signal.h>
#include <string.h>

#include "dc_impl.h"
#include "dc_sem.h"

/*
 * Inline constants: DTrace's hard-wired `inline long NULL = 0`, the
 * fault codes of its ERROR probe's arg4 (one list: SONDE_FAULTS) and
 * DTRACEFLT_LIBRARY, and the signal names of its signal.d (this host's
 * numbers, which raise() sends).
 */
static const struct {
	const char *name;
	int64_t val;
	uint8_t size;
} dc_consts[] = {
	{ "NULL", 0, 8 },
#define DC_FLT_(name, code, msg) { "DTRACEFLT_" #name, code, 4 },
	SONDE_FAULTS(DC_FLT_)
#undef DC_FLT_
	{ "DTRACEFLT_LIBRARY", 1000, 4 },
#define DC_SIG_(s) { #s, s, 4 },
	DC_SIG_(SIGHUP) DC_SIG_(SIGINT) DC_SIG_(SIGQUIT) DC_SIG_(SIGILL)
	DC_SIG_(SIGTRAP) DC_SIG_(SIGABRT) DC_SIG_(SIGIOT) DC_SIG_(SIGBUS)
	DC_SIG_(SIGFPE) DC_SIG_(SIGKILL) DC_SIG_(SIGUSR1) DC_SIG_(SIGSEGV)
	DC_SIG_(SIGUSR2) DC_SIG_(SIGPIPE) DC_SIG_(SIGALRM) DC_SIG_(SIGTERM)
	DC_SIG_(SIGSTKFLT) DC_SIG_(SIGCHLD) DC_SIG_(SIGCONT) DC_SIG_(SIGSTOP)
	DC_SIG_(SIGTSTP) DC_SIG_(SIGTTIN) DC_SIG_(SIGTTOU) DC_SIG_(SIGURG)
	DC_SIG_(SIGXCPU) DC_SIG_(SIGXFSZ) DC_SIG_(SIGVTALRM) DC_SIG_(SIGPROF)
	DC_SIG_(SIGWINCH) DC_SIG_(SIGIO) DC_SIG_(SIGPOLL) DC_SIG_(SIGPWR)
	DC_SIG_(SIGSYS)
#undef DC_SIG_
};

bool dc_sem_const_ident(struct dc_cc *cc, struct dc_node *n)
{
	size_t i;

	for (i = 0; i < sizeof(dc_consts) / sizeof(dc_consts[0]); i++) {
		if (strcmp(dc_consts[i].name, n->name))
			continue;
		n->kind = DC_N_INT;
		n->ival = (uint64_t)dc_consts[i].val;
		n->type = dc_int_type(dc_consts[i].size, 0);
		n->isconst = true;
		return true;
	}
	return false;
}

/* An integer constant 0: NULL, 0, (void *)0. */
static bool dc_is_null(const struct dc_node *n)
{
	return n->isconst && n->type.kind == DC_T_INT && !n->ival;
}

/*
 * getmajor(dev), getminor(dev): the kernel's dev_t of Linux (MAJOR():
 * the bits above 20, MINOR(): the 20 below), computed here as DTrace's
 * subroutines return them (major_t, minor_t: 32 bits unsigned).
 */
static bool dc_sem_devno(struct dc_cc *cc, struct dc_node *n, bool major)
{
	struct dc_node *d, *sh, *mask;

	if (!dc_fn_arity(cc, n))
		return false;
	d = n->args[0];
	if (!dc_sem_args(cc, n->args, 1))
		return false;
	if (d->type.kind != DC_T_INT) {
		dc_proto_arg(cc, n, 0, "integer");
		return false;
	}
	sh = dc_alloc(cc, sizeof(*sh));
	mask = dc_alloc(cc, sizeof(*mask));
	if (!sh || !mask)
		return false;
	/* (uint64_t)dev >> 20 & 0xfff, or dev & 0xfffff */
	*mask = (struct dc_node){ .kind = DC_N_INT, .line = n->line,
				  .col = n->col,
				  .ival = major ? 0xfff : 0xfffff,
				  .type = dc_int_type(8, 1), .isconst = true };
	if (major) {
		struct dc_node *twenty = dc_alloc(cc, sizeof(*twenty));

		if (!twenty)
			return false;
		*twenty = *mask;
		twenty->ival = 20;
		*sh = (struct dc_node){ .kind = DC_N_BINARY, .op = DC_TK_SHR,
					.line = n->line, .col = n->col,
					.l = d, .r = twenty };
		d->type = dc_int_type(8, 1);
		if (!dc_sem_binary(cc, sh))
			return false;
		d = sh;
	}
	n->kind = DC_N_BINARY;
	n->op = DC_TK_AMP;
	n->l = d;
	n->r = mask;
	n->args = NULL;
	n->nargs = 0;
	if (!dc_sem_binary(cc, n))
		return false;
	n->type = n->fn->ret;
	return true;
}

/*
 * A function the D library defines: the inline __sonde_<name> with a
 * tuple signature (lockstat.d's mutex_owned() ...), @n its expansion with
 * the call's arguments.
 */
static bool dc_sem_call_dlib(struct dc_cc *cc, struct dc_node *n)
{
	char name[64];
	int id;

	snprintf(name, sizeof(name), "__sonde_%s", n->fn->name);
	id = dc_sem_inline_find(cc, name);
	if (id < 0) {
		if (dc_libs_need(cc))
			return false;
		dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
			 "%s() is defined by the D library, which is not loaded (sonde -L names its folder)",
			 n->fn->name);
		return false;
	}
	return dc_sem_inline_args(cc, n, id, n->args, n->nargs);
}

bool dc_sem_call_cc(struct dc_cc *cc, struct dc_node *n)
{
	switch ((enum dc_cc_fn)n->fn->id) {
	case DC_CC_getmajor:
		return dc_sem_devno(cc, n, true);
	case DC_CC_getminor:
		return dc_sem_devno(cc, n, false);
	case DC_CC_mutex_owned:
	case DC_CC_mutex_owner:
	case DC_CC_mutex_type_adaptive:
	case DC_CC_mutex_type_spin:
	case DC_CC_rw_read_held:
	case DC_CC_rw_write_held:
	case DC_CC_rw_iswriter:
		return dc_sem_call_dlib(cc, n);
	}
	return false;
}

bool dc_sem_subr_form(struct dc_cc *cc, struct dc_node *n,
		      const struct dc_fn **s)
{
	if ((*s)->id == SONDE_SUBR_strtok && n->nargs == 2 &&
	    dc_is_null(n->args[0])) {
		/* strtok(NULL, delimiters): go on with the last string */
		n->args++;
		n->nargs = 1;
		*s = dc_fn_subr(SONDE_SUBR_strtok_next);
		return *s != NULL;
	}
	return true;
}

bool dc_sem_str_index(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_node *s = n->l, *i;
	struct dc_node **args;

	if (n->nargs != 1) {
		dc_error(cc, "D_ARR_BADREF",
			 n->line, n->col,
			 "cannot access a string as an associative array");
		return false;
	}
	i = n->args[0];
	if (!dc_sem_expr(cc, i) ||
	    !dc_sem_need_int(cc, i, "D_OP_INT", "[]"))
		return false;
	if (s->kind == DC_N_STR && i->isconst) {
		/* "abc"[1]: a char constant; past the NUL, 0 */
		int64_t k = (int64_t)i->ival;

		n->kind = DC_N_INT;
		n->ival = k < 0 || (uint64_t)k > s->slen ? 0 :
			  (uint64_t)(int64_t)(int8_t)s->str[k];
		n->type = dc_int_type(1, 0);
		n->isconst = true;
		return true;
	}
	args = dc_alloc(cc, 2 * sizeof(*args));
	if (!args)
		return false;
	args[0] = s;
	args[1] = i;
	n->kind = DC_N_CALL;
	n->name = "strchar";
	n->fn = dc_fn_subr(SONDE_SUBR_strchar);
	n->id = SONDE_SUBR_strchar;
	n->args = args;
	n->nargs = 2;
	n->type = n->fn->ret;	/* char */
	return true;
}

/* sym(), mod(), usym(), umod(), uaddr(): one integer, an address. */
bool dc_sem_symact(struct dc_cc *cc, struct dc_node *e)
{
	if (!dc_fn_arity(cc, e))
		return false;
	if (!dc_sem_args(cc, e->args, 1))
		return false;
	if (e->args[0]->type.kind != DC_T_INT) {
		dc_proto_arg(cc, e, 0, "integer");
		return false;
	}
	return true;
}
