syscall::open:entry { trace(inet_ntoa(arg0)); }
