a:b:c:d:e { trace(1); }
