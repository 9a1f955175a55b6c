/* declared variables of declared types: integers keep their type's
 * width, enums are ints, pointers keep their target */
typedef unsigned char byte_t;
enum e { E0, E1, E2 };
struct t;

byte_t b;
enum e ev;
struct t *tp;
self int8_t s8;
this uint16_t u16;
int assoc[string, int];

BEGIN
{
	b = 0x1ff;
	ev = E2;
	tp = (struct t *)0x1000;
	self->s8 = 0x80;
	this->u16 = -1;
	assoc["a", 1] = 7;
	trace(b);
	trace(ev);
	trace((uintptr_t)tp);
	trace(self->s8);
	trace(this->u16);
	trace(assoc["a", 1]);
}
