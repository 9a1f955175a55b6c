/* integers hold and give their type's value: narrow variables and casts
 * truncate and sign-extend, 32-bit arithmetic wraps at 32 bits, / and %
 * of negatives truncate toward zero (C), mixed signed and unsigned
 * compares follow the usual arithmetic conversions */
int8_t g8;
uint8_t gu8;
short gs;
BEGIN
{
	this->a = 0x7fffffff;
	this->b = this->a + 1;
	g8 = 255;
	gu8 = 256 + 7;
	gs = 0x18000;
	this->m = -7;
	this->n = 2;
	this->u = 1u;
	this->neg = -1;
	self->c = (char)200;
	trace(this->b);
	trace(g8);
	trace(gu8);
	trace(gs);
	trace(this->m % this->n);
	trace(this->m / this->n);
	trace(this->neg < this->u);
	trace(this->neg < 1);
	trace(self->c);
	trace((int8_t)this->neg);
	trace((uint8_t)(this->n + 254));
	trace(this->a * 2);
	trace((unsigned)this->neg >> 28);
	trace(this->neg >> 28);
	trace(g8 + 0);
	trace(-this->m % 3);
	trace(7 % -this->n);
}
