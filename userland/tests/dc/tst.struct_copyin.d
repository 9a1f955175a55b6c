/* a user struct copied in: members read from the copyin() buffer */
struct t {
	char name[14];
	uint8_t a;
	int8_t b;
	uint16_t c;
	int16_t s;
	int32_t d;
};

BEGIN
{
	this->p = (struct t *)copyin(0x2000, sizeof (struct t));
	printf("%s|%u %d %u %d %d\n", this->p->name, this->p->a, this->p->b, this->p->c, this->p->s, this->p->d);
	trace(this->p->name[1]);
	trace((*this->p).c);
	trace(stringof(this->p->name));
}
