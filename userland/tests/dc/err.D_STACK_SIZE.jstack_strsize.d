BEGIN
{
	jstack(5, 5000);
}
