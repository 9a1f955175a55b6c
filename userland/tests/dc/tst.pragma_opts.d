#!/usr/sbin/sonde -s
#pragma D option quiet
#pragma D option bufsize=8m
#pragma D option strsize=64
#pragma D option aggsize=1m
#pragma D option switchrate=10hz
#pragma D option aggsortkey
#pragma D option aggsortpos=1
#pragma D option destructive
#pragma ident "ignored: not a D pragma"
BEGIN { trace(execname); }
