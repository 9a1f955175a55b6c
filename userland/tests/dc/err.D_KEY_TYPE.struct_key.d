/* a struct is no aggregation key */
struct a { int x; };
BEGIN { @[*(struct a *)0x1000] = count(); }
