#pragma D frobnicate
BEGIN { trace(1); }
