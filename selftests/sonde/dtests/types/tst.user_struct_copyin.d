/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A user struct copied in: every member, a bit-field pair and an array
 * element by name; the script's sizeof agrees with the program's layout.
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
	printf("%d %x %d %d %s %x %d %d %d %d\n", this->p->magic,
	    this->p->small, this->p->lo, this->p->hi, this->p->name,
	    this->p->big, this->p->arr[0], this->p->arr[1], this->p->arr[2],
	    sizeof (struct known_rec));
}
