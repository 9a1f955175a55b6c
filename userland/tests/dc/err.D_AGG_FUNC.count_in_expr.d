BEGIN { trace(count()); }
