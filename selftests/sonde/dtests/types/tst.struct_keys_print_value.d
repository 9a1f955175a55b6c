/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A struct as a value: an aggregation key (printed as dt_print_datum()
 * prints a 40-byte record: a hex dump; a 4-byte kuid_t: an int), an
 * associative array's key, and print() of it (illumos's dt_print.c
 * layout, every member in hex).
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

this struct known_rec r;

syscall::write:entry
/pid == $target && arg2 == sizeof (struct known_rec)/
{
	this->r = *(struct known_rec *)copyin(arg1, sizeof (struct known_rec));
	@k[this->r] = count();
	@u[curthread->cred->uid] = count();
	seen[this->r] = 2;
	seen[this->r] += 3;
	printf("seen %d\n", seen[this->r]);
	print(this->r);
	printf("\n");
}

/*
 * The aggregations print at the exit, after every CPU's buffer is
 * drained: a printa() in END could come before the write's records,
 * which may sit in another CPU's buffer.
 */
