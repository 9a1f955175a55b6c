// SPDX-License-Identifier: GPL-2.0
/*
 * sdtg-prog.c - a program whose probes come from sdtg.d the way
 * PostgreSQL's build makes them: `sonde -C -h -s sdtg.d -o sdtg.h`, this
 * file compiled, `sonde -C -G -s sdtg.d -o sdtg.o sdtg-prog.o`, both
 * objects linked (selftests/build.mk).  test_messages.sh traces it.
 *
 *   sdtg-prog N   N times SDTG_QUERY_START(i, "select") and, when
 *                 enabled, SDTG_QUERY_DONE(i, 0); prints "done COUNT"
 *                 (how often the is-enabled path ran)
 */
#include <stdio.h>
#include <stdlib.h>

#include "sdtg.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1, i, done = 0;

	for (i = 0; i < n; i++) {
		SDTG_QUERY_START((unsigned long)i, "select");
		if (SDTG_QUERY_DONE_ENABLED()) {
			done++;
			SDTG_QUERY_DONE((unsigned long)i, 0);
		}
	}
	printf("done %ld\n", done);
	return 0;
}
