BEGIN { trace(printf("x")); }
