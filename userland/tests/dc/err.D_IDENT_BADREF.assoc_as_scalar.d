/*
 * An associative array read without keys: dt_cook_var()'s D_IDENT_BADREF
 * (it was D_ARR_BADREF).
 * @msg: associative array 'assoc' may not be referenced as scalar
 */
BEGIN
{
	assoc[0] = 1;
	trace(sizeof(assoc));
}
