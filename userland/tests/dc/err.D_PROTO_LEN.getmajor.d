BEGIN { trace(getmajor(1, 2)); }
