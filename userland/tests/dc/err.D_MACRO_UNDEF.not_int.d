BEGIN { trace($2); }
