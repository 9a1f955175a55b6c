/*
 * An array variable given two indexes: dt_cook_op2()'s words (it was
 * "a pointer takes one index, not 2").
 * @msg: cannot access scalar x as an associative array
 */
int x[5];

BEGIN
{
	x[1, 2] = 1;
}
