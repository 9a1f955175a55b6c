/*
 * A struct in kernel memory as an aggregation key: copied fault-safely
 * into scratch first (kcopy), then its bytes are the key.
 */
struct a { int x; };
BEGIN { @[*(struct a *)0x1000] = count(); }
