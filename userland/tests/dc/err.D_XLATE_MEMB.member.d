/* a translator member the output does not have */
struct out { int a; };
translator struct out < struct task_struct *T > { b = 1; };
BEGIN { exit(0); }
