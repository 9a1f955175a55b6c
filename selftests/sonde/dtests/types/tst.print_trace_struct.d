/* SPDX-License-Identifier: GPL-2.0 */
/*
 * print() of the copied-in struct: dtrace's member-by-member layout;
 * trace() of it: its bytes; print() of a kernel struct (curthread).
 *
 * @@runtest-opts: -c 'types-prog struct'
 */
#pragma D option quiet

struct known_rec {
	int32_t magic;
	uint16_t small;
	uint8_t lo : 3, hi : 5;
	char name[13];
	uint64_t big;
	int16_t arr[3];
};

syscall::write:entry
/pid == $target/
{
	this->p = (struct known_rec *)copyin(arg1, sizeof (struct known_rec));
	print(this->p);
	trace(*this->p);
	print(curthread);
}
