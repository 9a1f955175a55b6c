// SPDX-License-Identifier: GPL-2.0
/*
 * usdt-hdr-prog.c - an application with USDT probes from a header that
 * `sonde -h -s pony.d` generated (dtests/usdt/, and test_uelf on the
 * host): it fires its probes with known arguments and says whether they
 * were enabled when it started and when it ended, and how often its
 * is-enabled path ran.
 *
 *   usdt-hdr-prog N   prints "enabled-at-start 0|1"; N times
 *                     PONY_GC_START(i) and, if enabled,
 *                     PONY_ACTOR_MSG_SEND(i, 7, -1, "x"); then
 *                     PONY_RT_INIT(); prints "fired COUNT" (the
 *                     is-enabled path) and "enabled-at-end 0|1"
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
	printf("enabled-at-end %d\n", PONY_GC_START_ENABLED() ? 1 : 0);
	return 0;
}
