BEGIN { trace((string)arg0); }
