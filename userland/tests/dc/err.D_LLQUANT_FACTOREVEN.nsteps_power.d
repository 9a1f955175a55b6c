/*
 * 30 steps: 10 divides them, but no power of 10 is a multiple of 30, so
 * the buckets of a magnitude do not tile it.  Before DTrace's rule was
 * checked, this script ran and the bucket index of 99 (39) wrote past
 * the 61-bucket value in the kernel.
 */
BEGIN { @ = llquantize(1, 10, 0, 6, 30); exit(0); }
