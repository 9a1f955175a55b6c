// SPDX-License-Identifier: GPL-2.0
/*
 * dc_sem_act.c - semantic analysis, the statements: the rules of the
 * actions (printf, trace, tracemem, exit, printa, stack, the
 * consumer-side actions), of aggregations (functions, keys,
 * lquantize/llquantize parameters, one definition per name) and of
 * speculations (DTrace's ordering of speculate(), commit() and data).
 * Called by dc_sem_clause() for each statement.  Userland only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dc_impl.h"
#include "dc_sem.h"
#include "vm.h"

/* ---- actions ---------------------------------------------------------- */

/* printf(fmt, ...), and system() and freopen(), which take a format too
 * (freopen(""): back to the first output) */
static bool sem_printf(struct dc_cc *cc, struct dc_node *n)
{
	struct dc_node *fmt;
	uint32_t i;

	if (!dc_fn_arity(cc, n))
		return false;
	fmt = n->args[0];
	if (fmt->kind == DC_N_MACRO && !dc_sem_expr(cc, fmt))
		return false;
	if (fmt->kind != DC_N_STR) {
		dc_error(cc, "D_PRINTF_ARG_FMT", fmt->line, fmt->col,
			 "%s() format must be a string constant", n->name);
		return false;
	}
	fmt->type = dc_str;
	if (!fmt->slen && n->fn->id != SONDE_A_FREOPEN) {
		dc_error(cc, "D_PRINTF_FMT_EMPTY", fmt->line, fmt->col,
			 "%s( ) format string is empty", n->name);
		return false;
	}
	if (!dc_sem_args(cc, n->args + 1, n->nargs - 1))
		return false;
	for (i = 1; i < n->nargs; i++) {
		if (n->args[i]->type.kind != DC_T_BUF)
			continue;
		dc_error(cc, "D_PRINTF_ARG_TYPE", n->args[i]->line,
			 n->args[i]->col,
			 "%s() argument #%u is a copyin() buffer: print what it holds (*(int *)copyin(...), stringof(copyin(...)))",
			 n->name, i + 1);
		return false;
	}
	return dc_printf_check(cc, fmt, n->args + 1, n->nargs - 1, false);
}

static bool sem_one_arg(struct dc_cc *cc, struct dc_node *n)
{
	return dc_fn_arity(cc, n) && dc_sem_args(cc, n->args, 1);
}

static int find_agg(struct dc_cc *cc, const char *name)
{
	uint32_t i;

	for (i = 0; i < cc->prog->naggs; i++)
		if (!strcmp(cc->prog->aggs[i].name, name))
			return (int)i;
	return -1;
}

/*
 * clear(@a), trunc(@a[, n]), normalize(@a, n), denormalize(@a): the
 * aggregation must exist; n is an integer expression evaluated at the
 * probe.  setopt("name"[, "value"]): string constants.  ftruncate().
 */
static bool sem_aggact(struct dc_cc *cc, struct dc_node *n)
{
	uint32_t i;
	int id;

	if (!dc_fn_arity(cc, n))
		return false;
	if (n->fn->id == SONDE_A_FTRUNCATE)
		return true;
	if (n->fn->id == SONDE_A_SETOPT) {
		for (i = 0; i < n->nargs; i++) {
			if (n->args[i]->kind != DC_N_STR) {
				/* the argument's type for the message */
				if (!dc_sem_expr(cc, n->args[i]))
					return false;
				if (n->args[i]->type.kind != DC_T_STR) {
					dc_proto_arg(cc, n, i, "const char *");
					return false;
				}
				/* DTrace evaluates it when the record is
				 * consumed; sonde reads it from the script */
				dc_error(cc, "D_PROTO_ARG", n->args[i]->line,
					 n->args[i]->col,
					 "setopt( ) argument #%u must be a string constant in sonde: options are set from the script's text",
					 i + 1);
				return false;
			}
			n->args[i]->type = dc_str;
		}
		return true;
	}
	if (n->args[0]->kind != DC_N_AGG || n->args[0]->nargs) {
		dc_error(cc, "D_PROTO_ARG", n->args[0]->line, n->args[0]->col,
			 "%s() argument #1 is incompatible with prototype: an aggregation (@name) is required",
			 n->name);
		return false;
	}
	id = find_agg(cc, n->args[0]->name);
	if (id < 0) {
		dc_error(cc, "D_AGG_UNDEF", n->args[0]->line, n->args[0]->col,
			 "%s() aggregation @%s is not defined", n->name,
			 n->args[0]->name);
		return false;
	}
	n->args[0]->id = id;
	n->args[0]->type.kind = DC_T_AGG;
	if (n->nargs == 2) {
		if (!dc_sem_expr(cc, n->args[1]))
			return false;
		if (n->args[1]->type.kind != DC_T_INT) {
			dc_error(cc, "D_PROTO_ARG", n->args[1]->line,
				 n->args[1]->col,
				 "%s() argument #2 is incompatible with prototype: integer required",
				 n->name);
			return false;
		}
	}
	return true;
}

static bool sem_printa(struct dc_cc *cc, struct dc_node *n)
{
	uint32_t i = 0;
	int id;

	if (n->nargs && n->args[0]->kind == DC_N_MACRO &&
	    !dc_sem_expr(cc, n->args[0]))
		return false;
	if (n->nargs && n->args[0]->kind == DC_N_STR) {
		n->args[0]->type = dc_str;
		i = 1;
	}
	if (i >= n->nargs) {
		dc_error(cc, "D_PRINTA_PROTO", n->line, n->col,
			 "printa() prototype mismatch: aggregation argument required");
		return false;
	}
	for (; i < n->nargs; i++) {
		struct dc_node *a = n->args[i];

		if (a->kind != DC_N_AGG || a->nargs) {
			dc_error(cc, "D_PRINTA_AGGARG", a->line, a->col,
				 "printa() argument #%u is incompatible with prototype: an aggregation (@name) is required",
				 i + 1);
			return false;
		}
		id = find_agg(cc, a->name);
		if (id < 0) {
			dc_error(cc, "D_PRINTA_AGGBAD", a->line, a->col,
				 "printa() aggregation @%s is not defined",
				 a->name);
			return false;
		}
		a->id = id;
		a->type.kind = DC_T_AGG;
	}
	/* joined by key (dtrace_aggregate_walk_joined()): the keys must
	 * be alike */
	for (i = (n->args[0]->kind == DC_N_STR) + 1; i < n->nargs; i++) {
		const struct sonde_pagg *a0, *ai;
		uint32_t k;

		a0 = &cc->prog->aggs[n->args[n->args[0]->kind == DC_N_STR]->id];
		ai = &cc->prog->aggs[n->args[i]->id];
		for (k = 0; k < a0->desc.nkeys && a0->desc.nkeys == ai->desc.nkeys;
		     k++)
			if (a0->keys[k].kind != ai->keys[k].kind)
				break;
		if (a0->desc.nkeys != ai->desc.nkeys || k < a0->desc.nkeys) {
			dc_error(cc, "D_PRINTA_AGGPROTO", n->args[i]->line,
				 n->args[i]->col,
				 "printa() aggregation @%s is incompatible with @%s: printa() joins aggregations by key, and their keys differ",
				 n->args[i]->name,
				 n->args[n->args[0]->kind == DC_N_STR]->name);
			return false;
		}
	}
	if (n->args[0]->kind == DC_N_STR) {
		/* the format takes the keys, then one value (%@) per
		 * aggregation; check it like printf's */
		return dc_printf_check(cc, n->args[0], n->args + 1,
				       n->nargs - 1, true);
	}
	return true;
}

/* An integer constant argument of an aggregating function. */
static bool agg_const(struct dc_cc *cc, struct dc_node *a, const char *tag,
		      const char *what, int64_t *v)
{
	if (!dc_sem_expr(cc, a))
		return false;
	if (a->type.kind != DC_T_INT || !a->isconst) {
		dc_error(cc, tag, a->line, a->col,
			 "%s must be an integer constant", what);
		return false;
	}
	*v = (int64_t)a->ival;
	return true;
}

/* lquantize()/llquantize() parameters into @params; same rules as the
 * kernel's image check, reported with DTrace's tags. */
static bool sem_quant_params(struct dc_cc *cc, struct dc_node *call, int fn,
			     int64_t *params)
{
	struct dc_node **a = call->args;
	struct sonde_agg_desc desc = { 0 };
	int rule;

	if (fn == SONDE_AGG_lquantize) {
		params[2] = 1;
		if (!agg_const(cc, a[1], "D_LQUANT_BASETYPE",
			       "lquantize() base", &params[0]) ||
		    !agg_const(cc, a[2], "D_LQUANT_LIMTYPE",
			       "lquantize() limit", &params[1]) ||
		    (call->nargs > 3 &&
		     !agg_const(cc, a[3], "D_LQUANT_STEPTYPE",
				"lquantize() step", &params[2])))
			return false;
		if (params[0] < INT32_MIN || params[0] > INT32_MAX) {
			dc_error(cc, "D_LQUANT_BASEVAL", a[1]->line, a[1]->col,
				 "lquantize() base (argument #2) must be a 32-bit quantity");
			return false;
		}
		if (params[1] < INT32_MIN || params[1] > INT32_MAX) {
			dc_error(cc, "D_LQUANT_LIMVAL", a[2]->line, a[2]->col,
				 "lquantize() limit (argument #3) must be a 32-bit quantity");
			return false;
		}
		if (params[1] <= params[0]) {
			dc_error(cc, "D_LQUANT_MISMATCH", a[2]->line, a[2]->col,
				 "lquantize() limit (argument #3) must be greater than the base (argument #2)");
			return false;
		}
		if (params[2] <= 0 || params[2] > UINT16_MAX) {
			dc_error(cc, "D_LQUANT_STEPVAL", call->line, call->col,
				 "lquantize() step (argument #4) must be between 1 and %u",
				 UINT16_MAX);
			return false;
		}
		if ((params[1] - params[0]) / params[2] > UINT16_MAX) {
			dc_error(cc, "D_LQUANT_STEPSMALL", call->line, call->col,
				 "lquantize() step (argument #4) too small: more than %u levels",
				 UINT16_MAX);
			return false;
		}
		if ((params[1] - params[0]) / params[2] < 1) {
			dc_error(cc, "D_LQUANT_STEPLARGE", call->line, call->col,
				 "lquantize() step (argument #4) too large: no levels between base and limit");
			return false;
		}
		return true;
	}
	/* llquantize(e, factor, low, high, nsteps): DTrace's rules, in its
	 * order, from the one list the image verifier checks too */
	if (!agg_const(cc, a[1], "D_LLQUANT_FACTORTYPE",
		       "llquantize() argument #1 (factor)", &params[0]) ||
	    !agg_const(cc, a[2], "D_LLQUANT_LOWTYPE",
		       "llquantize() argument #2 (low magnitude)", &params[1]) ||
	    !agg_const(cc, a[3], "D_LLQUANT_HIGHTYPE",
		       "llquantize() argument #3 (high magnitude)",
		       &params[2]) ||
	    !agg_const(cc, a[4], "D_LLQUANT_NSTEPTYPE",
		       "llquantize() argument #4 (linear steps per magnitude)",
		       &params[3]))
		return false;
	rule = sonde_llquantize_check((const s64 *)params);
	if (rule != SONDE_LLQ_OK) {
		/* the argument the rule is about */
		static const uint8_t at[] = {
			[SONDE_LLQ_FACTORVAL] = 1, [SONDE_LLQ_LOWVAL] = 2,
			[SONDE_LLQ_HIGHVAL] = 3, [SONDE_LLQ_NSTEPVAL] = 4,
			[SONDE_LLQ_FACTORSMALL] = 1, [SONDE_LLQ_MAGRANGE] = 3,
			[SONDE_LLQ_FACTORNSTEPS] = 4,
			[SONDE_LLQ_FACTOREVEN] = 4, [SONDE_LLQ_MAGTOOBIG] = 3,
		};
		static const char *const tags[] = {
#define LLQ_TAG_(name, what) [SONDE_LLQ_##name] = "D_LLQUANT_" #name,
			SONDE_LLQ_RULES(LLQ_TAG_)
#undef LLQ_TAG_
		};
		struct dc_node *arg = a[at[rule]];

		dc_error(cc, tags[rule], arg->line, arg->col,
			 "llquantize() %s", sonde_llquantize_rule_what(rule));
		return false;
	}
	/*
	 * DTrace has no limit here; sonde's image verifier keeps a value at
	 * 512 KB (SONDE_LLQ_MAX_BUCKETS buckets), so the tag is sonde's own,
	 * named as DTrace's llquantize tags are.
	 */
	desc.fn = SONDE_AGG_llquantize;
	memcpy(desc.params, params, sizeof(desc.params));
	if (sonde_llquantize_nbuckets(&desc) > SONDE_LLQ_MAX_BUCKETS) {
		dc_error(cc, "D_LLQUANT_NBUCKETS", a[4]->line, a[4]->col,
			 "llquantize() has %u buckets, at most %u are allowed: use fewer magnitudes (arguments #2 and #3) or steps (argument #4)",
			 sonde_llquantize_nbuckets(&desc),
			 SONDE_LLQ_MAX_BUCKETS);
		return false;
	}
	return true;
}

/*
 * The name a key expression gives its label (docs/prometheus.md): a
 * variable's (execname, pid, x, self->x, this->x, curpsinfo->pr_pid's
 * member), else NULL.  Not one Prometheus reserves ("__" first, "le").
 */
static const char *agg_key_name(const struct dc_node *k)
{
	if (k->kind != DC_N_IDENT && k->kind != DC_N_SELF &&
	    k->kind != DC_N_THIS && k->kind != DC_N_MEMBER)
		return NULL;
	if (!k->name || !k->name[0] || !strncmp(k->name, "__", 2) ||
	    !strcmp(k->name, "le"))
		return NULL;
	return k->name;
}

/*
 * The key names of aggregation @a from this use @agg: the first use's,
 * each kept while every later use keys by the same name there.
 */
static void sem_agg_keynames(struct dc_cc *cc, struct sonde_pagg *a,
			     const struct dc_node *agg, bool first)
{
	const char *name;
	uint32_t k;

	if (first && agg->nargs) {
		a->keynames = calloc(agg->nargs, sizeof(*a->keynames));
		if (!a->keynames) {
			cc->oom = true;
			return;
		}
	}
	if (!a->keynames)
		return;
	for (k = 0; k < agg->nargs; k++) {
		name = agg_key_name(agg->args[k]);
		if (first) {
			a->keynames[k] = name ? strdup(name) : NULL;
			if (name && !a->keynames[k])
				cc->oom = true;
		} else if (a->keynames[k] &&
			   (!name || strcmp(name, a->keynames[k]))) {
			free(a->keynames[k]);
			a->keynames[k] = NULL;
		}
	}
}

/* Define @name, or check a later use agrees with the definition. */
static int sem_agg_define(struct dc_cc *cc, struct dc_node *agg, int fn,
			  const int64_t *params, uint32_t flags)
{
	struct sonde_program *p = cc->prog;
	struct sonde_pagg *a;
	uint32_t cap, k;
	int id = find_agg(cc, agg->name);

	if (id >= 0) {
		a = &p->aggs[id];
		/* dt_cg_agg_lquantize() / _llquantize(): which parameter */
		if (a->desc.fn == (uint32_t)fn && (fn == SONDE_AGG_lquantize ||
		    fn == SONDE_AGG_llquantize)) {
			static const char *const lq[][2] = {
				{ "D_LQUANT_MATCHBASE", "lquantize( ) base (argument #1)" },
				{ "D_LQUANT_MATCHLIM", "lquantize( ) limit (argument #2)" },
				{ "D_LQUANT_MATCHSTEP", "lquantize( ) step (argument #3)" },
			};
			static const char *const llq[][2] = {
				{ "D_LLQUANT_MATCHFACTOR", "llquantize() factor (argument #1)" },
				{ "D_LLQUANT_MATCHLMAG", "llquantize() lmag (argument #2)" },
				{ "D_LLQUANT_MATCHHMAG", "llquantize() hmag (argument #3)" },
				{ "D_LLQUANT_MATCHSTEPS", "llquantize() steps (argument #4)" },
			};
			bool l = fn == SONDE_AGG_lquantize;
			uint32_t i, n = l ? 3 : 4;

			for (i = 0; i < n; i++) {
				if (a->desc.params[i] == params[i])
					continue;
				dc_error(cc, l ? lq[i][0] : llq[i][0], agg->line,
					 agg->col,
					 "%s doesn't match previous declaration: expected %lld, found %lld",
					 l ? lq[i][1] : llq[i][1],
					 (long long)a->desc.params[i],
					 (long long)params[i]);
				return -1;
			}
		}
		if (a->desc.fn != (uint32_t)fn ||
		    memcmp(a->desc.params, params, sizeof(a->desc.params)) ||
		    a->desc.nkeys != agg->nargs ||
		    (a->desc.flags & SONDE_AGGF_INCR) != flags) {
			dc_error(cc, "D_AGG_REDEF", agg->line, agg->col,
				 "aggregation @%s redefined: its function, parameters and keys must be the same as at line %u",
				 agg->name, DC_LINE(cc->aggs[id].line));
			return -1;
		}
		for (k = 0; k < agg->nargs; k++) {
			struct sonde_dtype d = dc_dtype(cc, agg->args[k]->type);

			bool di = d.kind == SONDE_DT_INT ||
				  d.kind == SONDE_DT_UINT;
			bool ai = a->keys[k].kind == SONDE_DT_INT ||
				  a->keys[k].kind == SONDE_DT_UINT;

			if (di != ai || (!di && (d.kind != a->keys[k].kind ||
						 d.size != a->keys[k].size))) {
				dc_error(cc, "D_AGG_REDEF", agg->args[k]->line,
					 agg->args[k]->col,
					 "aggregation @%s redefined: key #%u has type %s, not the type it had at line %u",
					 agg->name, k + 1,
					 dc_type_str(agg->args[k]->type),
					 DC_LINE(cc->aggs[id].line));
				return -1;
			}
			/* integer keys are 8 bytes in the kernel: print
			 * them as the widest type any use gave them */
			if (di && d.size > a->keys[k].size)
				a->keys[k] = d;
		}
		sem_agg_keynames(cc, a, agg, false);
		return id;
	}
	if (p->naggs >= SONDE_MAX_AGGS) {
		dc_error(cc, "D_ID_OFLOW", agg->line, agg->col,
			 "too many aggregations (at most %u)", SONDE_MAX_AGGS);
		return -1;
	}
	cap = cc->cap_aggs;
	if (!dc_grow(cc, (void **)&p->aggs, &cap, p->naggs + 1,
		     sizeof(*p->aggs)) ||
	    !dc_grow(cc, (void **)&cc->aggs, &cc->cap_aggs, p->naggs + 1,
		     sizeof(*cc->aggs)))
		return -1;
	a = &p->aggs[p->naggs];
	memset(a, 0, sizeof(*a));
	a->name = strdup(agg->name);
	a->desc.fn = (uint32_t)fn;
	a->desc.nkeys = agg->nargs;
	a->desc.flags = flags;
	memcpy(a->desc.params, params, sizeof(a->desc.params));
	if (agg->nargs)
		a->keys = calloc(agg->nargs, sizeof(*a->keys));
	if (!a->name || (agg->nargs && !a->keys)) {
		free(a->name);
		free(a->keys);
		cc->oom = true;
		return -1;
	}
	for (k = 0; k < agg->nargs; k++)
		a->keys[k] = dc_dtype(cc, agg->args[k]->type);
	sem_agg_keynames(cc, a, agg, true);
	cc->aggs[p->naggs].line = agg->line;
	cc->aggs[p->naggs].col = agg->col;
	return (int)p->naggs++;
}

/* stack(), ustack(), jstack(): actions, and aggregation keys too */
static bool is_stack_fn(const struct dc_node *n)
{
	return n->kind == DC_N_CALL && n->fn && n->fn->kind == DC_FN_ACT &&
	       (n->fn->id == SONDE_A_STACK || n->fn->id == SONDE_A_USTACK ||
		n->fn->id == SONDE_A_JSTACK);
}

/*
 * stack([n]), ustack([n[, strsize]]), jstack([n[, strsize]]): the frame
 * count into n->type (a DC_T_STACK), from the stackframes / ustackframes
 * / jstackframes options by default; jstack()'s bytes of names (its
 * strsize, jstackstrsize by default) into n->type.blen.
 */
static bool sem_stack(struct dc_cc *cc, struct dc_node *n)
{
	bool user = n->fn->id != SONDE_A_STACK;
	bool interp = n->fn->id == SONDE_A_JSTACK;
	int64_t frames = interp ? cc->prog->uopts.jstackframes :
			 user ? cc->prog->uopts.ustackframes :
			 cc->prog->uopts.stackframes;
	int64_t strsize = cc->prog->uopts.jstackstrsize;
	uint32_t i;

	if (!dc_fn_arity(cc, n))
		return false;
	/*
	 * dt_cg_stack_arg(): an argument that is not an integer fails the
	 * prototype (uint32_t); the frames must be a positive constant
	 * (D_STACK_SIZE, ustack()'s D_USTACK_FRAMES), more than the most
	 * are silently the most; ustack()'s strsize a constant >= 0
	 * (D_USTACK_STRSIZE).
	 */
	for (i = 0; i < n->nargs; i++) {
		struct dc_node *a = n->args[i];
		const char *tag = interp ? "D_STACK_SIZE" : !user ?
				  "D_STACK_SIZE" : i ? "D_USTACK_STRSIZE" :
				  "D_USTACK_FRAMES";

		if (!dc_sem_expr(cc, a))
			return false;
		if (a->type.kind != DC_T_INT) {
			dc_proto_arg(cc, n, i, "uint32_t");
			return false;
		}
		if (!a->isconst || (!i && (int64_t)a->ival < 1) ||
		    (int64_t)a->ival < 0) {
			dc_error(cc, tag, a->line, a->col,
				 i && user && !interp ?
				 "%s( ) argument #%u must be a positive integer constant" :
				 "%s( ) argument #%u must be a non-zero positive integer constant",
				 n->name, i + 1);
			return false;
		}
	}
	if (n->nargs)
		frames = (int64_t)n->args[0]->ival;
	if (frames > DC_STACKFRAMES_MAX)
		frames = DC_STACKFRAMES_MAX;
	/* the maxframes option: more are silently that many, as in DTrace */
	if (frames > cc->prog->uopts.maxframes)
		frames = cc->prog->uopts.maxframes;
	if (frames < 1) {
		dc_error(cc, "D_STACK_SIZE", n->line, n->col,
			 "%s() frames must be between 1 and %u",
			 n->name, DC_STACKFRAMES_MAX);
		return false;
	}
	if (interp && n->nargs > 1)
		strsize = (int64_t)n->args[1]->ival;
	if (interp && (strsize < 8 || strsize > SONDE_JSTACK_MAXSTR)) {
		dc_error(cc, "D_STACK_SIZE", n->line, n->col,
			 "jstack() strsize must be between 8 and %u",
			 SONDE_JSTACK_MAXSTR);
		return false;
	}
	n->type.kind = DC_T_STACK;
	n->type.size = (uint8_t)frames;
	n->type.uns = interp ? DC_STACK_J : user;
	n->type.ptr = 0;
	n->type.blen = interp ? (uint32_t)((strsize + 7) & ~7) : 0;
	return true;
}

/* sym(), func(), mod(), usym(), ufunc(), umod(), uaddr(): actions, and
 * aggregation keys too (dt_aggregate_sym() and friends) */
static bool is_sym_fn(const struct dc_node *n)
{
	return n->kind == DC_N_CALL && n->fn && n->fn->kind == DC_FN_ACT &&
	       (n->fn->id == SONDE_A_SYM || n->fn->id == SONDE_A_MOD ||
		n->fn->id == SONDE_A_USYM || n->fn->id == SONDE_A_UMOD ||
		n->fn->id == SONDE_A_UADDR);
}

/* A sym()-family key: one integer argument, the address; the key is
 * it (a kernel one) or the pid and it (a user one). */
static bool sem_symkey(struct dc_cc *cc, struct dc_node *n)
{
	if (!dc_fn_arity(cc, n) || !dc_sem_expr(cc, n->args[0]))
		return false;
	if (n->args[0]->type.kind != DC_T_INT) {
		dc_proto_arg(cc, n, 0, "integer");
		return false;
	}
	memset(&n->type, 0, sizeof(n->type));
	n->type.kind = DC_T_SYM;
	n->type.uns = (uint8_t)n->fn->id;
	n->type.size = n->fn->id >= SONDE_A_USYM ? 16 : 8;
	return true;
}

/* @name[keys] = fn(args) */
static bool sem_aggregate(struct dc_cc *cc, struct dc_node *asg)
{
	struct dc_node *agg = asg->l, *call = asg->r;
	int64_t params[4] = { 0 };
	uint32_t flags = 0, i, nconst = 0;
	bool ok = true;
	int fn, id;

	if (asg->op != DC_TK_ASSIGN) {
		dc_error(cc, "D_AGG_FUNC", asg->line, asg->col,
			 "operator %s cannot be applied to aggregation @%s: use @%s = fn(...)",
			 dc_tok_name(asg->op), agg->name, agg->name);
		return false;
	}
	if (call->kind != DC_N_CALL || !call->fn ||
	    call->fn->kind != DC_FN_AGG) {
		char fns[128];

		dc_error(cc, "D_AGG_FUNC", call->line, call->col,
			 "@%s must be assigned the result of an aggregating function (%s)",
			 agg->name, dc_fn_names(DC_FN_AGG, fns, sizeof(fns)));
		return false;
	}
	fn = call->fn->id;
	if (agg->nargs > SONDE_MAX_AGG_KEYS) {
		dc_error(cc, "D_KEY_TYPE", agg->line, agg->col,
			 "aggregation @%s has %u keys: at most %u are allowed",
			 agg->name, agg->nargs, SONDE_MAX_AGG_KEYS);
		return false;
	}
	for (i = 0; i < agg->nargs; i++) {
		struct dc_node *k = agg->args[i];

		if (is_stack_fn(k)) {
			ok &= sem_stack(cc, k);
		} else if (is_sym_fn(k)) {
			ok &= sem_symkey(cc, k);
		} else if (!dc_sem_expr(cc, k)) {
			ok = false;
		} else if (!dc_sem_key_ok(cc, &k->type, k->line, k->col,
					  "aggregation", i + 1)) {
			ok = false;
		}
	}
	if (call->nargs < call->fn->min || call->nargs > call->fn->max) {
		dc_error(cc, fn == SONDE_AGG_quantize ? "D_QUANT_PROTO" :
			 "D_PROTO_LEN", call->line, call->col,
			 "%s( ) prototype mismatch: %u arg%spassed, %u expected",
			 call->name, call->nargs, call->nargs == 1 ? " " : "s ",
			 call->nargs < call->fn->min ? call->fn->min :
			 call->fn->max);
		return false;
	}
	if (!ok)
		return false;
	if (fn == SONDE_AGG_lquantize)
		nconst = call->nargs > 3 ? 3 : 2;
	else if (fn == SONDE_AGG_llquantize)
		nconst = 4;
	if (nconst && !sem_quant_params(cc, call, fn, params))
		return false;
	/* the value and the increment */
	for (i = 0; i < call->nargs; i++) {
		struct dc_node *a = call->args[i];

		if (i >= 1 && i <= nconst)
			continue;
		if (!dc_sem_expr(cc, a))
			return false;
		/* dt_cg_agg()'s D_AGG_SCALAR for the value */
		if (a->type.kind != DC_T_INT && i == 0) {
			dc_error(cc, "D_AGG_SCALAR", call->line, call->col,
				 "%s( ) argument #1 must be of scalar type",
				 call->name);
			return false;
		}
		if (a->type.kind != DC_T_INT) {
			dc_proto_arg(cc, call, i, "integer");
			return false;
		}
		if (i > 0)
			flags |= SONDE_AGGF_INCR;
	}
	id = sem_agg_define(cc, agg, fn, params, flags);
	if (id < 0)
		return false;
	agg->id = id;
	call->id = fn;
	return true;
}

/* ---- speculations ------------------------------------------------------ */

/* DTrace's ordering rules (dt_compile_one_clause) for a data-recording
 * action: the actions of the action table (SONDE_ACTIONS). */
static bool spec_data_action(struct dc_cc *cc, struct dc_node *e)
{
	if ((cc->spec_state & DC_SPEC_SPECULATE) &&
	    e->fn->id == SONDE_A_EXIT) {
		dc_error(cc, "D_EXIT_SPEC", e->line, e->col,
			 "exit( ) may not follow speculate( )");
		return false;
	}
	if (cc->spec_state & DC_SPEC_COMMIT) {
		dc_error(cc, "D_DREC_COMM", e->line, e->col,
			 "data-recording actions may not follow commit( )");
		return false;
	}
	if (!(cc->spec_state & DC_SPEC_SPECULATE))
		cc->spec_state |= DC_SPEC_DATAREC;
	return true;
}

/* speculate(id), commit(id), discard(id): void actions. */
static bool sem_spec_action(struct dc_cc *cc, struct dc_node *e)
{
	uint32_t st = cc->spec_state;

	if (!dc_sem_subr(cc, e))
		return false;
	if (e->fn->id == SONDE_SUBR_speculate) {
		if (st & DC_SPEC_SPECULATE)
			dc_error(cc, "D_SPEC_SPEC", e->line, e->col,
				 "speculate( ) may not follow speculate( )");
		else if (st & DC_SPEC_COMMIT)
			dc_error(cc, "D_SPEC_COMM", e->line, e->col,
				 "speculate( ) may not follow commit( )");
		else if (st & DC_SPEC_DATAREC)
			dc_error(cc, "D_SPEC_DREC", e->line, e->col,
				 "speculate( ) may not follow data-recording action(s)");
		else {
			cc->spec_state |= DC_SPEC_SPECULATE;
			return true;
		}
		return false;
	}
	if (e->fn->id == SONDE_SUBR_commit) {
		if (st & DC_SPEC_COMMIT)
			dc_error(cc, "D_COMM_COMM", e->line, e->col,
				 "commit( ) may not follow commit( )");
		else if (st & DC_SPEC_DATAREC)
			dc_error(cc, "D_COMM_DREC", e->line, e->col,
				 "commit( ) may not follow data-recording action(s)");
		else {
			cc->spec_state |= DC_SPEC_COMMIT;
			return true;
		}
		return false;
	}
	return true;		/* discard(): records nothing */
}

/*
 * tracemem(buffer, size): size bytes of a copyin() buffer, printed as a
 * hex dump.  DTrace's tracemem() also takes kernel addresses and a third,
 * dynamic size; sonde takes buffers (user memory through copyin()).
 */
static bool sem_tracemem(struct dc_cc *cc, struct dc_node *e)
{
	struct dc_node *a, *sz;

	if (e->nargs < e->fn->min || e->nargs > e->fn->max) {
		dc_error(cc, e->nargs > e->fn->max ? "D_TRACEMEM_ARGS" :
			 "D_PROTO_LEN", e->line, e->col,
			 "tracemem() prototype mismatch: %u arguments required, %u given",
			 e->fn->min, e->nargs);
		return false;
	}
	a = e->args[0];
	sz = e->args[1];
	if (!dc_sem_expr(cc, a) || !dc_sem_expr(cc, sz))
		return false;
	if (a->type.kind != DC_T_BUF) {
		dc_error(cc, "D_TRACEMEM_ADDR", a->line, a->col,
			 "tracemem() argument #1 must be a copyin() buffer, not %s: sonde's tracemem() records user memory copied with copyin(addr, size)",
			 dc_type_str(a->type));
		return false;
	}
	if (sz->type.kind != DC_T_INT || !sz->isconst ||
	    (int64_t)sz->ival <= 0 || sz->ival > UINT16_MAX) {
		dc_error(cc, "D_TRACEMEM_SIZE", sz->line, sz->col,
			 "tracemem() argument #2 must be a non-zero positive integral constant expression, at most %u",
			 UINT16_MAX);
		return false;
	}
	/* the dynamic size: at run time, the bytes printed are the fewer
	 * of it and N (none when it is negative) */
	if (e->nargs == 3 && (!dc_sem_expr(cc, e->args[2]) ||
			      !dc_sem_value(cc, e->args[2])))
		return false;
	if (e->nargs == 3 && (e->args[2]->type.kind != DC_T_INT ||
			      e->args[2]->type.ptr)) {
		dc_error(cc, "D_TRACEMEM_DYNSIZE", e->args[2]->line,
			 e->args[2]->col,
			 "tracemem() argument #3 must be an integral expression, not %s",
			 dc_type_str(e->args[2]->type));
		return false;
	}
	return true;
}

/* trace(x): an integer, a string, a struct or a copyin() buffer's bytes */
static bool sem_trace(struct dc_cc *cc, struct dc_node *e)
{
	struct dc_node *a;

	if (!dc_fn_arity(cc, e))
		return false;
	a = e->args[0];
	if (!dc_sem_trace_arg(cc, e))
		return false;
	if (a->type.kind == DC_T_BUF && !a->type.blen) {
		dc_error(cc, "D_TRACE_DYN", e->line, e->col,
			 "trace() of a buffer records the bytes copyin() copied, which must be a constant from 1 to 65535 and the pointer unmoved: use tracemem(buffer, size)");
		return false;
	}
	if (a->type.kind == DC_T_SOU)
		return dc_sem_object_bytes(cc, a, "trace()");
	if (a->type.kind != DC_T_INT && a->type.kind != DC_T_STR &&
	    a->type.kind != DC_T_BUF) {
		dc_error(cc, "D_TRACE_VOID", e->line, e->col,
			 "trace() argument has type %s", dc_type_str(a->type));
		return false;
	}
	return true;
}

/* exit(status) */
static bool sem_exit(struct dc_cc *cc, struct dc_node *e)
{
	if (!sem_one_arg(cc, e))
		return false;
	if (e->args[0]->type.kind != DC_T_INT) {
		dc_proto_arg(cc, e, 0, "integer");
		return false;
	}
	return true;
}

/* A call of an action (@e->fn a DC_FF_STMT row) as a statement. */
static bool sem_action(struct dc_cc *cc, struct dc_node *e)
{
	const struct dc_fn *fn = e->fn;

	if (fn->kind == DC_FN_NONE) {
		dc_error(cc, "D_FUNC_UNDEF", e->line, e->col,
			 "unimplemented action: %s (%s)", e->name, fn->hint);
		return false;
	}
	if (fn->flags & DC_FF_SPEC)
		return sem_spec_action(cc, e);
	/* dt_stmt_append(): no destructive action after speculate() */
	if ((fn->flags & DC_FF_DESTRUCTIVE) &&
	    (cc->spec_state & DC_SPEC_SPECULATE)) {
		dc_error(cc, "D_ACT_SPEC", e->line, e->col,
			 "destructive actions may not follow speculate( )");
		return false;
	}
	if (fn->kind == DC_FN_SUBR)	/* raise() ...: a void subroutine */
		return dc_sem_subr(cc, e);
	e->name = (char *)fn->name;	/* func() is sym(), ufunc() usym() */
	if (!(fn->flags & DC_FF_DESTRUCTIVE) && !spec_data_action(cc, e))
		return false;
	switch ((enum sonde_action_kind)fn->id) {
	case SONDE_A_PRINTF:
	case SONDE_A_SYSTEM:
	case SONDE_A_FREOPEN:
		return sem_printf(cc, e);
	case SONDE_A_PRINTA:
		return sem_printa(cc, e);
	case SONDE_A_TRACE:
		return sem_trace(cc, e);
	case SONDE_A_PRINT:
		return dc_sem_print(cc, e);
	case SONDE_A_TRACEMEM:
		return sem_tracemem(cc, e);
	case SONDE_A_EXIT:
		return sem_exit(cc, e);
	case SONDE_A_STACK:
	case SONDE_A_USTACK:
	case SONDE_A_JSTACK:
		return sem_stack(cc, e);
	case SONDE_A_SYM:
	case SONDE_A_MOD:
	case SONDE_A_USYM:
	case SONDE_A_UMOD:
	case SONDE_A_UADDR:
		return dc_sem_symact(cc, e);
	case SONDE_A_CLEAR:
	case SONDE_A_TRUNC:
	case SONDE_A_NORMALIZE:
	case SONDE_A_DENORMALIZE:
	case SONDE_A_SETOPT:
	case SONDE_A_FTRUNCATE:
		return sem_aggact(cc, e);
	}
	dc_error(cc, "D_FUNC_UNDEF", e->line, e->col,
		 "internal compiler error: action %s() has no rules", e->name);
	return false;
}

bool dc_sem_stmt(struct dc_cc *cc, struct dc_node *s)
{
	struct dc_node *e = s->l, *b;
	bool ok = true;

	switch (s->kind) {
	case DC_N_BLOCK:
		for (b = s->body; b; b = b->next)
			ok &= dc_sem_stmt(cc, b);
		return ok;
	case DC_N_IF:
		dc_error(cc, "D_SYNTAX", s->line, s->col,
			 "internal compiler error: an if statement was not split");
		return false;
	case DC_N_EXPR:
		break;
	default:
		return false;
	}
	if (e->kind == DC_N_ASSIGN && e->l->kind == DC_N_AGG) {
		if (cc->spec_state & DC_SPEC_SPECULATE)
			dc_error(cc, "D_AGG_SPEC", e->line, e->col,
				 "aggregating actions may not follow speculate( )");
		else if (cc->spec_state & DC_SPEC_COMMIT)
			dc_error(cc, "D_AGG_COMM", e->line, e->col,
				 "aggregating actions may not follow commit( )");
		cc->spec_state |= DC_SPEC_DATAREC;
		return sem_aggregate(cc, e);
	}
	if (e->kind == DC_N_CALL && e->fn && (e->fn->flags & DC_FF_STMT))
		return sem_action(cc, e);
	return dc_sem_expr(cc, e);
}
