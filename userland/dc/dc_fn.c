// SPDX-License-Identifier: GPL-2.0
/*
 * dc_fn.c - the table of D callables (dc_fn.h) expanded: its rows tied to
 * SONDE_SUBRS, SONDE_ACTIONS and SONDE_AGGS by name (a subroutine, action
 * or aggregating function without a row leaves its dc_*_of_ constant
 * below unused, which does not compile under -Werror; a row for one that
 * does not exist names an undeclared constant), each subroutine's D
 * result checked against its VM result, and the lookups.  Userland only,
 * no state.
 */
#include <stdio.h>
#include <string.h>

#include "dc_impl.h"

/* The D type of a subroutine's result (the row's ret column). */
#define DC_RT_void	{ .kind = DC_T_VOID }
#define DC_RT_char	{ .kind = DC_T_INT, .size = 1 }
#define DC_RT_int	{ .kind = DC_T_INT, .size = 4 }
#define DC_RT_uint16_t	{ .kind = DC_T_INT, .size = 2, .uns = 1 }
#define DC_RT_uint32_t	{ .kind = DC_T_INT, .size = 4, .uns = 1 }
#define DC_RT_int64_t	{ .kind = DC_T_INT, .size = 8 }
#define DC_RT_uint64_t	{ .kind = DC_T_INT, .size = 8, .uns = 1 }
#define DC_RT_size_t	DC_RT_uint64_t
#define DC_RT_string	{ .kind = DC_T_STR }
/* copyin(), alloca(): a void * into the firing's scratch */
#define DC_RT_buffer	{ .kind = DC_T_BUF, .size = 8, .uns = 1, .ptr = 1 }
/* ... and the VM's result type each must be (void: 0, an integer) */
#define DC_VMT_void	SONDE_T_INT
#define DC_VMT_char	SONDE_T_INT
#define DC_VMT_int	SONDE_T_INT
#define DC_VMT_uint16_t	SONDE_T_INT
#define DC_VMT_uint32_t	SONDE_T_INT
#define DC_VMT_int64_t	SONDE_T_INT
#define DC_VMT_uint64_t	SONDE_T_INT
#define DC_VMT_size_t	SONDE_T_INT
#define DC_VMT_string	SONDE_T_STR
#define DC_VMT_buffer	SONDE_T_BUF

/* Other names: DTrace's func() is sym(), ufunc() usym(); the translator
 * library's __sonde_uargs() is the compiler's own uargs. */
static const struct {
	const char *name, *row;
} dc_fn_aliases[] = {
	{ "func", "sym" },
	{ "ufunc", "usym" },
	{ "__sonde_uargs", "uargs" },
};

/* ---- the tables the rows stand for ------------------------------------ */

#define DC_SUBR_OF_(name, id, min, max, type, args)			\
	enum { DC_SMIN_##name = min, DC_SMAX_##name = max,		\
	       DC_SVMT_##name = SONDE_T_##type };			\
	static const char dc_subr_of_##name[] = args;
SONDE_SUBRS(DC_SUBR_OF_)
#undef DC_SUBR_OF_

#define DC_ACT_OF_(name, code, str, flags)				\
	static const char dc_act_of_##name[] = str;
SONDE_ACTIONS(DC_ACT_OF_)
#undef DC_ACT_OF_

#define DC_AGG_OF_(name, id)						\
	static const char dc_agg_of_##name[] = #name;
SONDE_AGGS(DC_AGG_OF_)
#undef DC_AGG_OF_

/* A row's D result agrees with the VM's. */
#define DC_FN_VMT_S_(subr, ret, ...)					\
	_Static_assert(DC_SVMT_##subr == DC_VMT_##ret,			\
		       #subr "'s D result type is not its VM result");
#define DC_FN_VMT_I_(subr, ret) DC_FN_VMT_S_(subr, ret)
#define DC_FN_NO_(...)
DC_FNS(DC_FN_VMT_S_, DC_FN_VMT_I_, DC_FN_NO_, DC_FN_NO_, DC_FN_NO_,
       DC_FN_NO_)
#undef DC_FN_VMT_S_
#undef DC_FN_VMT_I_

/* ---- the rows --------------------------------------------------------- */

#define DC_FN_S_(subr, rt, fl, ...)					\
	{ .name = #subr, .kind = DC_FN_SUBR, .id = SONDE_SUBR_##subr,	\
	  .min = DC_SMIN_##subr, .max = DC_SMAX_##subr, .flags = (fl),	\
	  .ret = DC_RT_##rt, .args = dc_subr_of_##subr,		\
	  .params = { __VA_ARGS__ } },
#define DC_FN_I_(subr, rt)						\
	{ .name = #subr, .kind = DC_FN_SUBR, .id = SONDE_SUBR_##subr,	\
	  .min = DC_SMIN_##subr, .max = DC_SMAX_##subr,			\
	  .flags = DC_FF_INTERNAL, .ret = DC_RT_##rt,			\
	  .args = dc_subr_of_##subr },
#define DC_FN_A_(act, lo, hi, fl, ...)					\
	{ .name = dc_act_of_##act, .kind = DC_FN_ACT,			\
	  .id = SONDE_A_##act, .min = (lo), .max = (hi),		\
	  .flags = DC_FF_STMT | (fl), .params = { __VA_ARGS__ } },
#define DC_FN_G_(agg, lo, hi)						\
	{ .name = dc_agg_of_##agg, .kind = DC_FN_AGG,			\
	  .id = SONDE_AGG_##agg, .min = (lo), .max = (hi) },
#define DC_FN_C_(cc, lo, hi, rt, ...)					\
	{ .name = #cc, .kind = DC_FN_CC, .id = DC_CC_##cc,		\
	  .min = (lo), .max = (hi), .ret = DC_RT_##rt,			\
	  .params = { __VA_ARGS__ } },
#define DC_FN_N_(none, fl, why)						\
	{ .name = #none, .kind = DC_FN_NONE, .flags = (fl), .hint = (why) },

static const struct dc_fn dc_fns[] = {
	DC_FNS(DC_FN_S_, DC_FN_I_, DC_FN_A_, DC_FN_G_, DC_FN_C_, DC_FN_N_)
};

#undef DC_FN_S_
#undef DC_FN_I_
#undef DC_FN_A_
#undef DC_FN_G_
#undef DC_FN_C_
#undef DC_FN_N_
#undef DC_FN_NO_
#define DC_NFNS	(sizeof(dc_fns) / sizeof(dc_fns[0]))

/* The row named @name, the compiler's own too when @internal. */
static const struct dc_fn *dc_fn_row(const char *name, bool internal)
{
	size_t i;

	for (i = 0; i < DC_NFNS; i++)
		if (!strcmp(dc_fns[i].name, name) &&
		    (internal || !(dc_fns[i].flags & DC_FF_INTERNAL)))
			return &dc_fns[i];
	return NULL;
}

const struct dc_fn *dc_fn_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(dc_fn_aliases) / sizeof(dc_fn_aliases[0]); i++)
		if (!strcmp(dc_fn_aliases[i].name, name))
			return dc_fn_row(dc_fn_aliases[i].row, true);
	return dc_fn_row(name, false);
}

const struct dc_fn *dc_fn_subr(int id)
{
	size_t i;

	for (i = 0; i < DC_NFNS; i++)
		if (dc_fns[i].kind == DC_FN_SUBR && dc_fns[i].id == id)
			return &dc_fns[i];
	return NULL;
}

const char *dc_function_name(unsigned int i, int *state)
{
	if (i >= DC_NFNS)
		return NULL;
	if (state)
		*state = dc_fns[i].flags & DC_FF_INTERNAL ? -1 :
			 dc_fns[i].kind != DC_FN_NONE;
	return dc_fns[i].name;
}

const char *dc_fn_names(int kind, char *buf, size_t size)
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < DC_NFNS; i++)
		if (dc_fns[i].kind == kind && len < size)
			len += snprintf(buf + len, size - len, "%s%s",
					len ? ", " : "", dc_fns[i].name);
	return buf;
}
