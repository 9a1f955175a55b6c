/* an option sonde ignores still has its value checked, as DTrace's */
#pragma D option stdc=z		/* @line: 2 */
BEGIN { exit(0); }
