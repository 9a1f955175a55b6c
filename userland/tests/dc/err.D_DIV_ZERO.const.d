BEGIN { trace(arg0 / 0); }
