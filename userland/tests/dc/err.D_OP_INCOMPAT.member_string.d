/* a struct member written from a string */
struct a { int x; };
struct a v;
BEGIN { v.x = "str"; }
