/* struct and array variables: declared, members and elements written
 * and read back, a bit-field written, a struct copied in whole, in each
 * scope, and an array of structs in an associative array */
struct pt {
	int x;
	int y;
	unsigned int flag : 3;
	char name[6];
};

struct pt g;
int a[4];
int m[2][3];
self struct pt ts;
this struct pt ls;
struct pt assoc[int];

BEGIN
{
	g.x = 3;
	g.y = g.x * 2;
	g.flag = 5;
	g.flag++;
	a[0] = 10;
	a[3] = a[0] + 1;
	this->i = 2;
	a[this->i] = 7;
	m[1][2] = 12;
	self->ts.y = 40;
	this->ls.x = -1;
	assoc[7].x = 70;
	assoc[7].y = assoc[7].x + 1;
	printf("%d %d %d %d %d %d %d %d %d %d %d %d\n", g.x, g.y, g.flag,
	    a[0], a[1], a[2], a[3], m[1][2], self->ts.y, this->ls.x,
	    assoc[7].x, assoc[7].y);
	trace(sizeof (g));
	trace(sizeof (a));
}

BEGIN
{
	/* a whole struct from memory: the run world's bytes */
	this->c = *(struct pt *)0x1000;
	copy = this->c;
	trace(copy.x);
	trace(copy.name[0]);
	this->p = (struct pt *)copyin(0x2000, sizeof (struct pt));
	this->p->y = 99;
	trace(this->p->y);
	trace(g);
}
