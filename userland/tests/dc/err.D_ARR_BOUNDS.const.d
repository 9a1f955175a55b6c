/* a constant index past an array member's dimension */
struct s { int a[4]; };
BEGIN { trace(((struct s *)0)->a[4]); }
