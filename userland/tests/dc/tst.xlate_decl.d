/* a translator of the program's own, xlate by hand */
struct in {
	int a;
	int b;
};

typedef struct out {
	int sum;
	int diff;
	string name;
} out_t;

translator out_t < struct in *I > {
	sum = I->a + I->b;
	diff = I->a - I->b;
	name = "in";
};

BEGIN
{
	this->p = (struct in *)0x100e;
	trace(xlate <out_t *> (this->p)->sum);
	trace(xlate <out_t> (this->p).diff);
	trace((*xlate <out_t *> (this->p)).name);
}
