BEGIN { trace(strlen); }
