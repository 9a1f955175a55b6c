/* SPDX-License-Identifier: GPL-2.0 */
/*
 * io:::start's bufinfo_t and devinfo_t: 8192 bytes written to vda with
 * O_DIRECT at 1 MiB (sector 2048), and fileinfo_t's "<none>"; the
 * device's major number as /sys/block/vda/dev has it.
 *
 * @@runtest-opts: -c 'types-prog io 8192'
 */
#pragma D option quiet

io:::start
/args[0]->b_flags & B_WRITE && args[1]->dev_statname == "vda"/
{
	@bytes[args[1]->dev_statname, args[1]->dev_name,
	    args[2]->fi_name] = sum(args[0]->b_bcount);
	@first = min(args[0]->b_blkno);
	@major = max(args[1]->dev_major);
}

END
{
	printa("%s %s %s %@d\n", @bytes);
	printa("blkno %@d\n", @first);
	printa("major %@d\n", @major);
}
