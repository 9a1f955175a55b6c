/* a char array member is no string: it cannot be assigned (dt_cook_op2) */
struct s { char name[16]; };
this struct s v;
BEGIN
{
	this->v.name = execname;	/* @line: 6 */
}
/* @msg: operator = may not be applied to operand of type "char [16]" */
