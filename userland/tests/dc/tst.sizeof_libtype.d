/* sizeof of a type only the D library declares (read for it): a typedef,
 * a pointer to one, and its struct tag name */
BEGIN
{
	trace(sizeof (psinfo_t) == sizeof (struct psinfo));
	trace(sizeof (devinfo_t *));
	trace(sizeof (psinfo_t) > 100);
}
