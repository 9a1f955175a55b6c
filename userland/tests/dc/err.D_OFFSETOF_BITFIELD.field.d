/* offsetof of a bit-field */
struct s { int a : 3; };
BEGIN { trace(offsetof(struct s, a)); }
