BEGIN { trace(execargs); }
