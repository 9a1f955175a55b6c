/* a struct variable takes a struct of its own type */
struct a { int x; };
struct b { int x; };
struct a v;
BEGIN { v = *(struct b *)0x1000; }
