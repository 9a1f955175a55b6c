/* member access on kernel memory (the run world's window at 0x1000):
 * scalars of each size and sign, a char array as a string, a nested
 * union, bit-fields signed and unsigned, pointers to members */
struct t {
	char name[14];
	uint8_t a;
	int8_t b;
	uint16_t c;
	int16_t s;
	int32_t d;
};

struct bf {
	unsigned int x:4, y:4, z:8;
	int s:4;
	int t:12;
};

struct bf2 {
	int lo:8;
	int hi:8;
	int top:16;
};

union u {
	uint32_t w;
	uint8_t b[4];
};

struct outer {
	struct t t;
};

BEGIN
{
	this->p = (struct t *)0x1000;
	trace(this->p->a);
	trace(this->p->b);
	trace(this->p->c);
	trace(this->p->s);
	trace(this->p->d);
	trace(this->p->name);
	trace(sizeof (struct t));
	trace(sizeof (this->p->name));
	trace(offsetof(struct t, d));
}

BEGIN
{
	this->b = (struct bf *)0x100e;
	this->c = (struct bf2 *)(0x1000 + 20);
	printf("%u %u %u %d %d %d %d %d\n", this->b->x, this->b->y,
	    this->b->z, this->b->s, this->b->t, this->c->lo, this->c->hi,
	    this->c->top);
}

BEGIN
{
	this->u = (union u *)0x1010;
	trace(this->u->w);
	trace(this->u->b[0]);
	trace(this->u->b[3]);
	trace(sizeof (union u));
	this->o = (struct outer *)0x1000;
	trace(this->o->t.c);
	trace((*this->o).t.a);
	trace(&this->o->t.d == (int32_t *)0x1014);
	trace(this->p->name[4]);
	trace(*(&this->o->t.a + 1));
}
