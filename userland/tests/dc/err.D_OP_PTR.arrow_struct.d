/* -> of a struct object, not a pointer */
struct s { int a; };
BEGIN { trace((*(struct s *)0)->a); }
