// SPDX-License-Identifier: GPL-2.0
/*
 * isa.c - tables derived from the X-macros of uapi/sonde_isa.h: opcode
 * names and forms, built-in names and types, aggregating-function names,
 * fault names.  Nothing here is written twice: a new opcode is one line in
 * sonde_isa.h.  Any context (pure table lookups).
 */
#include "vm_impl.h"

/* A duplicate opcode number is a duplicate case label: compile error. */
static inline void sonde_op_check_unique(u32 op)
{
	switch (op) {
#define OP_CASE_(name, code, form, type, s, t) case code:
	SONDE_OPS(OP_CASE_)
#undef OP_CASE_
		break;
	}
}

struct sonde_opinfo {
	const char *name;
	s8 form;
	s8 rtype;
	u8 kind_rs;	/* SONDE_K_* */
	u8 kind_rt;
};

static const struct sonde_opinfo sonde_ops[SONDE_OP_MAX + 1] = {
#define OP_INFO_(name, code, form, type, s, t)				\
	[code] = { #name, SONDE_FORM_##form, SONDE_T_##type, SONDE_K_##s, \
		   SONDE_K_##t },
	SONDE_OPS(OP_INFO_)
#undef OP_INFO_
};

const char *sonde_op_name(u32 op)
{
	(void)sonde_op_check_unique;
	if (op > SONDE_OP_MAX || !sonde_ops[op].name)
		return NULL;
	return sonde_ops[op].name;
}

int sonde_op_form(u32 op)
{
	if (op > SONDE_OP_MAX || !sonde_ops[op].name)
		return -1;
	return sonde_ops[op].form;
}

int sonde_op_rtype(u32 op)
{
	return op <= SONDE_OP_MAX ? sonde_ops[op].rtype : SONDE_T_NONE;
}

int sonde_op_kind_rs(u32 op)
{
	return op <= SONDE_OP_MAX ? sonde_ops[op].kind_rs : SONDE_K_N;
}

int sonde_op_kind_rt(u32 op)
{
	return op <= SONDE_OP_MAX ? sonde_ops[op].kind_rt : SONDE_K_N;
}

static const char *const sonde_builtin_names[SONDE_B_MAX] = {
#define B_NAME_(name, id, type, dtype) [id] = #name,
	SONDE_BUILTINS(B_NAME_)
#undef B_NAME_
};

static const s8 sonde_builtin_types[SONDE_B_MAX] = {
#define B_TYPE_(name, id, type, dtype) [id] = SONDE_T_##type,
	SONDE_BUILTINS(B_TYPE_)
#undef B_TYPE_
};

const char *sonde_builtin_name(u32 id)
{
	return id < SONDE_B_MAX ? sonde_builtin_names[id] : NULL;
}

int sonde_builtin_type(u32 id)
{
	if (id >= SONDE_B_MAX || !sonde_builtin_names[id])
		return -1;
	return sonde_builtin_types[id];
}

static const char *const sonde_aggfn_names[SONDE_AGG_MAXFN + 1] = {
#define A_NAME_(name, id) [id] = #name,
	SONDE_AGGS(A_NAME_)
#undef A_NAME_
};

const char *sonde_aggfn_name(u32 fn)
{
	return fn <= SONDE_AGG_MAXFN ? sonde_aggfn_names[fn] : NULL;
}

struct sonde_subrinfo {
	const char *name;
	u8 min, max;
	s8 rtype;
	const char *args;
};

static const struct sonde_subrinfo sonde_subrs[SONDE_SUBR_MAX] = {
#define S_INFO_(name, id, min, max, type, args)				\
	[id] = { #name, min, max, SONDE_T_##type, args },
	SONDE_SUBRS(S_INFO_)
#undef S_INFO_
};

const char *sonde_subr_name(u32 id)
{
	return id < SONDE_SUBR_MAX ? sonde_subrs[id].name : NULL;
}

int sonde_subr_sig(u32 id, u32 *min, u32 *max, const char **args)
{
	if (id >= SONDE_SUBR_MAX || !sonde_subrs[id].name)
		return -1;
	*min = sonde_subrs[id].min;
	*max = sonde_subrs[id].max;
	*args = sonde_subrs[id].args;
	return sonde_subrs[id].rtype;
}

static const char *const sonde_fault_names[] = {
#define F_NAME_(name, code, msg) [code] = msg,
	SONDE_FAULTS(F_NAME_)
#undef F_NAME_
};

const char *sonde_fault_name(u32 fault)
{
	if (fault >= ARRAY_SIZE(sonde_fault_names) || !sonde_fault_names[fault])
		return "unknown fault";
	return sonde_fault_names[fault];
}
