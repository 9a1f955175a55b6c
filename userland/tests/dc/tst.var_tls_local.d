/* thread-locals and clause-locals */
BEGIN
{
	self->ts = timestamp;
	this->d = 5;
	this->s = probename;
	self->ts += this->d;
	printf("%d %d %s", self->ts, this->d, this->s);
}

BEGIN
/self->ts/
{
	trace(self->ts - timestamp);
	self->ts = 0;
	trace(self->ts);
	trace(this->d);
}

BEGIN
/self->ts/
{
	trace("not reached");
}
