/*
 * A struct member of a struct variable assigned a struct of its type:
 * its bytes copied (from a struct variable, from a copied-in struct).
 * Run on the userland VM (user memory at 0x2000 holds "hello, world\n").
 */
struct in { short a; char b; };
struct s { int x; struct in i; struct in j; };
this struct s v;
this struct in w;

BEGIN
{
	this->w.a = 3;
	this->w.b = 4;
	this->v.x = 9;
	this->v.i = this->w;
	this->v.j = *(struct in *)copyin(0x2000, sizeof (struct in));
	printf("%d %d %d %d %c\n", this->v.x, this->v.i.a, this->v.i.b,
	    this->v.j.a, this->v.j.b);
}
