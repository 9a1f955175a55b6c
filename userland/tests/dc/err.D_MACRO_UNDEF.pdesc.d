/* @notarget */
pid$target:libc:malloc:entry { trace(1); }
