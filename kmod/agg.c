// SPDX-License-Identifier: GPL-2.0
/*
 * agg.c - per-CPU aggregation tables.
 *
 * Each CPU's aggregation buffer (struct sonde_buf, two areas switched like
 * the principal buffer) is a hash table: entries grow up from the start of
 * the area, a bucket array of entry offsets (+1; 0 = empty) sits at its
 * end.  An entry is a struct sonde_aggrec, the key, padding to 8, and the
 * value.  A snapshot copies the used part out and empties the area, so
 * the kernel holds only deltas and the consumer sums them.
 *
 * sonde_agg_update() is probe context: only this CPU touches its active
 * area, so no lock and no shared cache line; a full area is counted as an
 * aggregation drop, and so is a key whose chain is longer than
 * SONDE_CHAIN_MAX entries (it may hold the key further on: adding it again
 * would split its value), which keeps a lookup's time bounded.  The hash
 * is seeded per consumer at random, so no script can aim keys at one
 * chain; chains average about one entry.
 */
#include <linux/log2.h>

#include "sonde_kmod.h"

static inline u32 *sonde_agg_buckets(struct sonde_buf *b, u32 area)
{
	return b->buckets[area];
}

/**
 * sonde_agg_reset() - empty the hash table of one area
 * @b: this CPU's aggregation buffer
 * @area: the area (0 or 1) just snapshotted
 * @used: the bytes of records it held
 *
 * A table of 4 MB's area has 64K buckets: when the area holds fewer
 * bytes of records than the buckets take, only the buckets its records
 * hang from are cleared, each record's from its stored hash.
 *
 * Context: process context, after a snapshot of @area; probes write the
 * other area.
 */
void sonde_agg_reset(struct sonde_buf *b, u32 area, u32 used)
{
	u32 *buckets = sonde_agg_buckets(b, area), off = 0;
	const struct sonde_aggrec *e;

	if (used >= b->nbuckets * sizeof(u32)) {
		memset(buckets, 0, b->nbuckets * sizeof(u32));
		return;
	}
	while (off + sizeof(*e) <= used) {
		e = (const struct sonde_aggrec *)(b->data[area] + off);
		buckets[e->hash & (b->nbuckets - 1)] = 0;
		if (WARN_ON_ONCE(e->size < sizeof(*e) || e->size % 8)) {
			memset(buckets, 0, b->nbuckets * sizeof(u32));
			return;
		}
		off += e->size;
	}
}

/*
 * A new entry for (@aggid, @key) at the head of @slot's chain in the
 * active area, or NULL when the area is full (a drop, counted).  Out of
 * line, so that the lookup in sonde_agg_update() keeps its few values in
 * registers: inlined, this path's made the compiler shuffle a dozen of
 * them before every lookup (`@ = count()`: 82 instructions an update).
 */
static noinline struct sonde_aggrec *
sonde_agg_insert(struct sonde_state *st, struct sonde_buf *b, u32 aggid,
		 const struct sonde_key *key, u32 hash, u32 slot)
{
	const struct sonde_agg_desc *ad = &st->img.aggs[aggid];
	u32 a = b->active, *buckets = sonde_agg_buckets(b, a);
	u32 voff = sizeof(struct sonde_aggrec) + ALIGN(key->size, 8);
	u32 size = voff + st->agg_vsize[aggid];
	struct sonde_aggrec *e;

	e = sonde_buf_reserve(b, size);
	if (unlikely(!e)) {
		b->drops[a]++;
		return NULL;
	}
	e->aggid = aggid;
	e->size = size;
	e->hash = hash;
	e->next = buckets[slot];
	sonde_key_store(key, (u8 *)(e + 1));
	sonde_zero((u8 *)(e + 1) + key->size, voff - sizeof(*e) - key->size);
	sonde_agg_init(ad, (s64 *)((u8 *)e + voff));
	buckets[slot] = b->offset[a] + 1;
	b->offset[a] += size;
	return e;
}

/**
 * sonde_agg_update() - aggregate one value into this CPU's table
 * @st: the consumer state (its image's aggregation descriptors)
 * @b: this CPU's aggregation buffer
 * @aggid: the aggregation
 * @key: the key tuple the VM built (only its written segments count)
 * @x: the value
 * @incr: the weight (lquantize(), llquantize() and quantize()'s third
 *        argument), 1 otherwise
 *
 * Finds or creates the entry of (@aggid, @key) in the active area's hash
 * table and applies the aggregating function.  A full area is a drop,
 * counted in @b.
 *
 * Context: probe context (interrupts off, this CPU's buffer only).
 */
void sonde_agg_update(struct sonde_state *st, struct sonde_buf *b,
		      u32 aggid, const struct sonde_key *key, s64 x, s64 incr)
{
	u32 a = b->active, *buckets = sonde_agg_buckets(b, a);
	u32 hash, slot, off, n;
	struct sonde_aggrec *e;
	u8 *area = b->data[a];
	s64 *val;

	/* over the bytes the firing wrote: not a string's padding; a key
	 * of no components (`@ = count()`) hashes the same every time */
	hash = key->size ? sonde_key_hash(key, aggid ^ st->hash_seed) :
			   st->agg_hash0[aggid];
	slot = hash & (b->nbuckets - 1);
	for (off = buckets[slot], n = 0; off; off = e->next) {
		if (unlikely(++n > SONDE_CHAIN_MAX)) {
			b->drops[a]++;
			return;
		}
		e = (struct sonde_aggrec *)(area + off - 1);
		if (e->hash == hash && e->aggid == aggid &&
		    (!key->nseg || sonde_key_equal(key, (const u8 *)(e + 1))))
			goto found;
	}
	e = sonde_agg_insert(st, b, aggid, key, hash, slot);
	if (unlikely(!e))
		return;
found:
	val = (s64 *)((u8 *)e + sizeof(*e) + ALIGN(key->size, 8));
	/* count(), the commonest, without the call and the switch */
	if (st->img.aggs[aggid].fn == SONDE_AGG_count)
		val[0]++;
	else
		sonde_agg_apply(&st->img.aggs[aggid], val, x, incr);
}

/**
 * sonde_agg_nbuckets() - hash buckets for an aggregation area
 * @size: the area's bytes
 *
 * Return: about one bucket per 64 bytes, a power of 2.
 */
u32 sonde_agg_nbuckets(u32 size)
{
	return max_t(u32, 16, rounddown_pow_of_two(size / 64));
}
