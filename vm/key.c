// SPDX-License-Identifier: GPL-2.0
/*
 * key.c - keys: the one hash of keys in both worlds (aggregation tables,
 * dynamic variables, the consumer's merged aggregations), the comparison
 * of a key the VM built with a stored one, and the canonical form stored.
 * Called in probe context by the worlds' hooks (env.h): no allocation,
 * time bounded by the key's size.
 */
#include "vm_impl.h"
#include "env.h"

static inline u64 sonde_key_mix(u64 h, u64 w)
{
	h ^= w * 0x9e3779b97f4a7c15ULL;
	return ((h << 27) | (h >> 37)) * 0x94d049bb133111ebULL;
}

/* Mix @len bytes at @p into @h, a word at a time. */
static inline u64 sonde_key_mix_bytes(u64 h, const u8 *p, u32 len)
{
	u64 w;

	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		h = sonde_key_mix(h, w);
	}
	if (len) {
		for (w = 0; len; len--)
			w = (w << 8) | p[len - 1];
		h = sonde_key_mix(h, w);
	}
	return h;
}

static inline u32 sonde_key_fold(u64 h)
{
	h ^= h >> 29;
	return (u32)(h ^ (h >> 32));
}

u32 sonde_key_hash(const struct sonde_key *k, u32 seed)
{
	u64 h = sonde_key_mix(seed, k->size);
	u32 s;

	for (s = 0; s < k->nseg; s++) {
		/* the offset too: the same bytes elsewhere are another key */
		h = sonde_key_mix(h, k->seg[s].off);
		h = sonde_key_mix_bytes(h, k->data + k->seg[s].off,
					k->seg[s].len);
	}
	return sonde_key_fold(h);
}

u32 sonde_hash_bytes(const void *p, u32 n, u32 seed)
{
	return sonde_key_fold(sonde_key_mix_bytes(sonde_key_mix(seed, n), p,
						  n));
}

/*
 * Are the @len bytes at @a and @b the same?  A word at a time: the
 * kernel's memcmp() on x86-64 is a loop over bytes, and a key's string
 * (`@[execname, probefunc]`) is tens of them.
 */
static inline bool sonde_bytes_equal(const u8 *a, const u8 *b, u32 len)
{
	u64 wa, wb;

	for (; len >= 8; a += 8, b += 8, len -= 8) {
		memcpy(&wa, a, 8);
		memcpy(&wb, b, 8);
		if (wa != wb)
			return false;
	}
	for (; len; a++, b++, len--)
		if (*a != *b)
			return false;
	return true;
}

bool sonde_key_equal(const struct sonde_key *k, const u8 *stored)
{
	u32 s;

	/* past a string's NUL both are zero: stored is canonical, and the
	 * NUL itself is in the segment */
	for (s = 0; s < k->nseg; s++)
		if (!sonde_bytes_equal(stored + k->seg[s].off,
				       k->data + k->seg[s].off, k->seg[s].len))
			return false;
	return true;
}

void sonde_key_store(const struct sonde_key *k, u8 *dst)
{
	u32 s, end = 0;

	/* the written segments, zeros between and after them */
	for (s = 0; s < k->nseg; s++) {
		sonde_zero(dst + end, k->seg[s].off - end);
		memcpy(dst + k->seg[s].off, k->data + k->seg[s].off,
		       k->seg[s].len);
		end = k->seg[s].off + k->seg[s].len;
	}
	sonde_zero(dst + end, k->size - end);
}

