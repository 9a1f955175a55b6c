/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The same struct as tst.user_struct_copyin.d's from a header, through -C.
 *
 * @@runtest-opts: -C -I . -c 'types-prog struct'
 */
#pragma D option quiet

#include "known.h"

syscall::write:entry
/pid == $target/
{
	this->p = (struct known_rec *)copyin(arg1, sizeof (struct known_rec));
	printf("%d %x %d %d %s %x %d %d %d %d\n", this->p->magic,
	    this->p->small, this->p->lo, this->p->hi, this->p->name,
	    this->p->big, this->p->arr[0], this->p->arr[1], this->p->arr[2],
	    sizeof (struct known_rec));
}
