/*
 * 0 stored in a struct-valued array element or thread-local deletes it,
 * as every store of 0 to a dynamic variable does (Linux dtrace's
 * tst.store_zero_deletes_struct): it reads back as all zeroes.
 */
this struct {
	int a;
} val;

BEGIN
{
	this->val.a = 1;
	a[1] = this->val;
	self->s = this->val;
	this->val.a = 2;
	a[2] = this->val;
	a[1] = 0;
	self->s = 0;
	trace(a[1].a);
	trace(a[2].a);
	trace(self->s.a);
}
