#pragma D option bufpolicy=ring
#pragma D option switchrate=10hz
#pragma D option aggrate=1ms
#pragma D option deadman=20s
#pragma D option flowindent
#pragma D option aggzoom=true
#pragma D option quiet=0
BEGIN { exit(0); }
