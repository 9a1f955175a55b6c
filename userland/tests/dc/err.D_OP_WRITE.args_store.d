/* args[] is not writable */
syscall::read:entry { args[0] = 1; }
