/* a translator whose output is not a struct */
translator int < struct task_struct *T > { x = 1; };
BEGIN { exit(0); }
