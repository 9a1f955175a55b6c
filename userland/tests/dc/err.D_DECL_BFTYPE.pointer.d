/* a bit-field of a non-integer type */
struct s { int *p : 3; };
BEGIN { exit(0); }
