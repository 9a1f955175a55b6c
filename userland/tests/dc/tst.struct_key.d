/*
 * Structs and unions as aggregation and associative-array keys,
 * as DTrace passes any object by reference into a tuple: the key is the
 * object's bytes, so equal contents meet whatever variable or buffer
 * holds them.  Run on the userland VM (user memory at 0x2000 holds
 * "hello, world\n\0" then 01 02 .. 08 ff fe).
 */
struct pt { int x; int y; };
union u { int i; char c[4]; };
this struct pt p;
struct pt q;

BEGIN
{
	this->p.x = 1;
	this->p.y = 2;
	@a[this->p] = count();
	q = this->p;
	@a[q] = count();
	this->p.y = 3;
	@a[this->p] = count();
	@b[q, "s"] = sum(5);
	arr[this->p] = 11;
	this->p.y = 2;
	trace(arr[this->p]);
	this->p.y = 3;
	trace(arr[this->p]);
	@c[*(struct pt *)copyin(0x200e, 8)] = count();
	@c[*(struct pt *)copyin(0x200e, 8)] = count();
	@e[*(union u *)copyin(0x2000, 4)] = count();
}
