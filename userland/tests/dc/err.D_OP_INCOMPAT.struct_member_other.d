/* a struct member takes a struct of its own type only */
struct a { int x; };
struct b { int x; };
struct s { struct a m; };
this struct s v;
this struct b w;
BEGIN
{
	this->w.x = 1;
	this->v.m = this->w;	/* @line: 10 */
}
/* @msg: operands have incompatible types: "struct a" = "struct b" */
