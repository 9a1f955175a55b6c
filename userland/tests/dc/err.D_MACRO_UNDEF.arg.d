BEGIN { trace($7); }
