BEGIN { trace(pid ? "a" : 1); }
