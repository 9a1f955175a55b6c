/* an array's key keeps the struct type it was first used with */
struct a { int x; };
struct b { int x; };
this struct a sa;
this struct b sb;
BEGIN
{
	arr[this->sa] = 1;
	arr[this->sb] = 2;	/* @line: 9 */
}
/* @msg: arr[ ] key #1 is incompatible with prototype: */
