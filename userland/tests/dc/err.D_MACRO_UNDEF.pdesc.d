/* an unknown macro variable in a description */
pid$nosuch:libc:malloc:entry { trace(1); }
