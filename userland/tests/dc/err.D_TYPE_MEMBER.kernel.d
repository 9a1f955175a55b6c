/* a member the kernel struct does not have */
BEGIN { trace(curthread->no_such_member); }
