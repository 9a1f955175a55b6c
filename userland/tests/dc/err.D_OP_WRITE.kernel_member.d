/* kernel memory is not writable */
BEGIN { curthread->pid = 1; }
