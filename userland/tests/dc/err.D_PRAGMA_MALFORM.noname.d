BEGIN { exit(0); }
#pragma D option	/* @line: 2 */
