#pragma D option strsize=4
BEGIN { trace(1); }
