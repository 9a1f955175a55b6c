/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracemem() of write-known's 16 bytes: dt_print_bytes()'s forced hex
 * dump, its header, the bytes and their printable characters.
 *
 * @@runtest-opts: -c 'write-known 1'
 * @@timeout: 60
 */
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	tracemem(copyin(arg1, 16), 16);
}
