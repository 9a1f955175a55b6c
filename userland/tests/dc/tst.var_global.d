/* globals: inference from the first assignment, ++, +=, strings */
BEGIN
{
	x = 1;
	x++;
	x += 40;
	y = x * 2;
	++y;
	z = y--;
	s = execname;
	u = timestamp;
	u -= 1;
	printf("%d %d %d %s %d", x, y, z, s, u);
}

BEGIN
/x == 42/
{
	trace(x--);
	trace(x);
}
