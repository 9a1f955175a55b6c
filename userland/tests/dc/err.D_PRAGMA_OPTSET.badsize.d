#pragma D option bufsize=12x
BEGIN { trace(1); }
