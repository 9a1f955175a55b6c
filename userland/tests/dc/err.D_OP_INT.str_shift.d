BEGIN { trace(1 << "a"); }
