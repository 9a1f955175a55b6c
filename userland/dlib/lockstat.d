/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * lockstat.d - the constants of the lockstat provider's arguments:
 * rw-acquire, rw-release and rw-spin say in their last argument whether
 * the reader/writer lock (a Linux rwlock_t) was taken for reading or for
 * writing, with DTrace's values.  Part of sonde's D library.
 */

inline int RW_WRITER = 0x00;
inline int RW_READER = 0x01;
