/*
 * Issue 29, finding 1: copyinto() copies up to the whole scratch every
 * call.  It was priced as a strsize string op (8 units here), so 40 of
 * them (and 16,000) with a 1 MB scratch compiled and loaded, and one
 * write() then spun a CPU for tens of seconds with interrupts off.
 * Each call is now charged the scratch it may copy, 4 bytes a unit
 * (vm/cost.c): more than 15 in one clause is over the firing budget.
 */
#pragma D option strsize=8
#pragma D option scratchsize=1m
#pragma D option destructive

syscall::write:entry	/* @line: 13 */
{
	this->b = alloca(1048576);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
	copyinto(arg1, 1048576, this->b);
}
/* @msg: most of it is copyinto(), 40 times at up to 262420 units each */
