/*
 * print() of a struct or union value (illumos's form: the value itself)
 * beside print() of a pointer (Oracle's: what it points to): a struct
 * variable, a copied-in struct, and a kernel struct (copied first).
 */
struct pt { int x; int y; };
union u { int i; char c[4]; };
this struct pt p;

BEGIN
{
	this->p.x = 1;
	print(this->p);
	print(*(union u *)copyin(0x2000, 4));
	print(*curthread);
	print(curthread);
}
