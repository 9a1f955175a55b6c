// SPDX-License-Identifier: GPL-2.0
/*
 * prov_dtrace.c - the dtrace provider: BEGIN, END and ERROR.  They are not
 * armed anywhere: GO and STOP fire BEGIN and END for one consumer
 * (sonde_probe_fire() with its state), from process context; a fault in
 * any clause fires that consumer's ERROR clauses (fire.c), with
 * DTrace's arguments: arg1 the enabled probe id, arg2 the action index,
 * arg3 the instruction's byte offset, arg4 the fault, arg5 the address.
 */
#include "sonde_kmod.h"

const struct sonde_provider sonde_dtrace_provider = {
	.name = "dtrace",
};

struct sonde_probe *sonde_probe_begin, *sonde_probe_end, *sonde_probe_error;

/**
 * sonde_dtrace_init() - create the dtrace provider's BEGIN, END and ERROR
 *
 * Context: module init.
 * Return: 0 or -ENOMEM.
 */
int sonde_dtrace_init(void)
{
	int err = 0;

	mutex_lock(&sonde_lock);
	sonde_probe_begin = sonde_probe_create(&sonde_dtrace_provider, "", "",
					       "BEGIN", 0, 0);
	sonde_probe_end = sonde_probe_create(&sonde_dtrace_provider, "", "",
					     "END", 0, 0);
	sonde_probe_error = sonde_probe_create(&sonde_dtrace_provider, "", "",
					       "ERROR", 6, 0);
	if (IS_ERR(sonde_probe_begin))
		err = PTR_ERR(sonde_probe_begin);
	else if (IS_ERR(sonde_probe_end))
		err = PTR_ERR(sonde_probe_end);
	else if (IS_ERR(sonde_probe_error))
		err = PTR_ERR(sonde_probe_error);
	mutex_unlock(&sonde_lock);
	return err;
}
