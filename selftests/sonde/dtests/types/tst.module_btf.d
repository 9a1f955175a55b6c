/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A module's own types, from /sys/kernel/btf/MODULE: virtio_blk's struct
 * virtio_blk, the same by a module-scoped and an unscoped name.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", sizeof (struct virtio_blk`virtio_blk) > 0,
	    sizeof (struct virtio_blk`virtio_blk) == sizeof (struct virtio_blk));
	exit(0);
}
