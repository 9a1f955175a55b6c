// SPDX-License-Identifier: GPL-2.0
/*
 * usdt-hdr-prog.c - an application with USDT probes from a header that
 * `sonde -h -s pony.d` generated (test_usdt.sh): it says whether its
 * probes were enabled when it started and how often its is-enabled path
 * ran, then fires them with known arguments.
 *
 *   usdt-hdr-prog N   N times: PONY_GC_START(i) and
 *                     PONY_ACTOR_MSG_SEND(i, 7, -1, "x") if enabled;
 *                     then PONY_RT_INIT()
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "pony.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1, i, fired = 0;

	printf("enabled-at-start %d\n", PONY_GC_START_ENABLED() ? 1 : 0);
	for (i = 0; i < n; i++) {
		PONY_GC_START(i);
		if (PONY_ACTOR_MSG_SEND_ENABLED()) {
			fired++;
			PONY_ACTOR_MSG_SEND(i, (uint32_t)7, -1L,
					    (uintptr_t)"x");
		}
	}
	PONY_RT_INIT();
	printf("fired %ld\n", fired);
	return 0;
}
