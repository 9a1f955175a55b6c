#pragma D option strsize=1
BEGIN { trace(1); }
