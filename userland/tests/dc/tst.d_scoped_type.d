/* D`name: a struct the script declares, named in DTrace's "D" object */
struct s { int x; };
struct D`s v;
BEGIN { v.x = 1; trace(sizeof (struct D`s)); exit(0); }
