/* a bit-field width that is not a constant */
struct s { int a : pid; };
BEGIN { exit(0); }
