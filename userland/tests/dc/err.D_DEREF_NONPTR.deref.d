BEGIN { trace(*pid); }
