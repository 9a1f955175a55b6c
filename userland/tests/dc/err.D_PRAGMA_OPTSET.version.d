#pragma D option version=2.0	/* @line: 1 */
BEGIN { exit(0); }
