/*
 * A struct global is no dynamic variable: 0 is not a value for it.
 * @msg: operands have incompatible types:
 */
struct s { int a; } g;

BEGIN
{
	g = 0;
}
