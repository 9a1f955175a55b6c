/* declarations fix the type: the record shows the declared size */
int x;
self uint64_t t;
this string s;
uint16_t small;
int a[string, int];
short v, w;

BEGIN
{
	x = 3;
	small = 65535;
	small++;
	self->t = 0;
	self->t -= 1;
	this->s = "hi";
	a["k", 1] = x;
	v = -2;
	w = v * v;
	printf("%d %u %u %s %d %d %d", x, small, self->t, this->s,
	    a["k", 1], v, w);
}
