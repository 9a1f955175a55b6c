// SPDX-License-Identifier: GPL-2.0
/*
 * prov_dtrace.c - the dtrace provider: BEGIN and END.  They are not
 * armed anywhere: GO and STOP fire BEGIN and END for one consumer
 * (sonde_probe_fire() with its state), from process context.
 */
#include "sonde_kmod.h"

const struct sonde_provider sonde_dtrace_provider = {
	.name = "dtrace",
};

struct sonde_probe *sonde_probe_begin, *sonde_probe_end;

int sonde_dtrace_init(void)
{
	int err = 0;

	mutex_lock(&sonde_lock);
	sonde_probe_begin = sonde_probe_create(&sonde_dtrace_provider, "", "",
					       "BEGIN", 0, 0);
	sonde_probe_end = sonde_probe_create(&sonde_dtrace_provider, "", "",
					     "END", 0, 0);
	if (IS_ERR(sonde_probe_begin))
		err = PTR_ERR(sonde_probe_begin);
	else if (IS_ERR(sonde_probe_end))
		err = PTR_ERR(sonde_probe_end);
	mutex_unlock(&sonde_lock);
	return err;
}
