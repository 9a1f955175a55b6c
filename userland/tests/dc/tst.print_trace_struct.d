/* print() of a pointer to a struct: its address and bytes (a kernel
 * struct through kcopy, a copyin() buffer's as they are); trace() of a
 * struct: its bytes */
struct s {
	int a;
	char name[8];
	unsigned int bf : 3;
};

BEGIN
{
	print(curthread);
	this->p = (struct s *)copyin(0x2000, sizeof (struct s));
	print(this->p);
	trace(*this->p);
	trace(*(struct s *)0x1000);
}
