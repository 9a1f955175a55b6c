/* print(p) of a handle: its offset as the pointer, then the struct in the buffer */
struct ts { int a; char b[3]; };
BEGIN
{
	t = (struct ts *)alloca(sizeof (struct ts));
	t->a = 1;
	t->b[0] = 'x';
	print(t);
}
