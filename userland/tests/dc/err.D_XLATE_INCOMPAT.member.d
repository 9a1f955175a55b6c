/* a translator member of an incompatible type */
struct out { int a; };
translator struct out < struct task_struct *T > { a = "string"; };
BEGIN { trace(xlate <struct out *> (curthread)->a); }
