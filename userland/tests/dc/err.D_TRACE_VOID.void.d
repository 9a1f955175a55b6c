BEGIN { trace((void)0); }
