/* c ? alloca pointer : other pointer cannot be kept */
/* @line: 7 */
/* @msg: ternary conditional with alloca and non-alloca branches cannot be assigned to a variable */
BEGIN
{
	a = (char *)alloca(1);
	a = (a == NULL) ? (char *)50 : a;
}
