/* printa()'s %d cannot take a struct key */
struct pt { int x; int y; };
this struct pt p;
BEGIN { @[this->p] = count(); }
END { printa("%d %@d\n", @); }	/* @line: 5 */
/* @msg: printa( ) key #1 is incompatible with conversion #1 prototype: */
