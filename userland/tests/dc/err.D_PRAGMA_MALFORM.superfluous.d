/* @line: 2 */
#pragma D option strsize=64 aggsize=1m
BEGIN { trace(1); }
