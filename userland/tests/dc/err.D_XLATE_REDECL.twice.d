/* the same translator twice */
struct out { int a; };
translator struct out < struct task_struct *T > { a = 1; };
translator struct out < struct task_struct *T > { a = 2; };
BEGIN { exit(0); }
