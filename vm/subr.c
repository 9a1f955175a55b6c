// SPDX-License-Identifier: GPL-2.0
/*
 * subr.c - D's subroutines (strlen, strjoin, substr, basename, copyinstr,
 * copyin, ...).  Probe context: every subroutine is linear in strsize
 * (or, for copyin, in the scratch left; index(), rindex() and strstr() by
 * Knuth-Morris-Pratt over a table in scratch), string and buffer results are
 * bump-allocated in the firing's scratch space (NOSCRATCH when it is used
 * up), and memory the script names is read only through the world's
 * fault-safe copy.  Semantics follow DTrace's (dtrace_dif_subr()).
 * sonde_subr(), called by the interpreter's CALL, is a switch over the
 * subroutine id into static helpers by kind (integer results, network
 * byte order, scratch buffers, destructive actions, speculations, string
 * results): no indirect call in probe context.
 */
#include "vm_impl.h"

/* A strsize-byte scratch chunk for one string value, or NULL when the
 * firing's scratch is used up. */
char *sonde_scratch_str(struct sonde_vm_ctx *ctx)
{
	return (char *)sonde_scratch_alloc(ctx, ctx->img->strsize);
}

u8 *sonde_scratch_alloc(struct sonde_vm_ctx *ctx, u32 size)
{
	size = (size + 7) & ~7u;
	if (size > ctx->scratch_size - ctx->scratch_used)
		return NULL;
	ctx->scratch_used += size;
	return (u8 *)ctx->scratch + ctx->scratch_used - size;
}

static u32 sonde_strnlen(const char *s, u32 max)
{
	u32 n = 0;

	while (n < max && s[n])
		n++;
	SONDE_WORK(n + 1);
	return n;
}

static char sonde_toupper(char c)
{
	return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c;
}

static char sonde_tolower(char c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Byte @k of @str (@len bytes), read forwards or, @rev, backwards. */
#define SONDE_AT(str, len, k, rev)	((rev) ? (str)[(len) - 1 - (k)] : (str)[k])

/*
 * The first occurrence of @t (@lt > 0 bytes) in @s (@ls bytes) starting
 * at or after @start, both read backwards when @rev; -1 if none.
 * Knuth-Morris-Pratt: @tab (@lt entries, the firing's search table in
 * scratch) gets the needle's borders in at most 2 @lt comparisons, the
 * scan makes at most 2 (@ls - @start): linear, where trying every start
 * was @ls * @lt (16 million byte comparisons at a strsize of 4096).
 */
static s64 sonde_kmp(const char *s, u32 ls, const char *t, u32 lt, u32 start,
		     bool rev, u16 *tab)
{
	u32 i, q;

	tab[0] = 0;
	for (i = 1, q = 0; i < lt; i++) {
		while (q && SONDE_AT(t, lt, i, rev) != SONDE_AT(t, lt, q, rev))
			q = tab[q - 1];
		if (SONDE_AT(t, lt, i, rev) == SONDE_AT(t, lt, q, rev))
			q++;
		tab[i] = (u16)q;
	}
	for (i = start, q = 0; i < ls; i++) {
		while (q && SONDE_AT(s, ls, i, rev) != SONDE_AT(t, lt, q, rev))
			q = tab[q - 1];
		if (SONDE_AT(s, ls, i, rev) == SONDE_AT(t, lt, q, rev))
			q++;
		if (q == lt)
			return (s64)(i + 1 - lt);
	}
	return -1;
}

/*
 * DTrace's search for @t in @s (dtrace_dif_subr()'s STRSTR, INDEX and
 * RINDEX): index() from the start or position @pos (negative: 0; at or
 * past the end: not found, or the length for an empty @t), rindex() back
 * from the end or @pos (negative: not found, or 0 for an empty @t; past
 * the end: the end).  Returns the index, or -1.  Strings of at most @max
 * bytes; linear time (sonde_kmp()).
 */
static s64 sonde_index(struct sonde_vm_ctx *ctx, const char *s, const char *t,
		       u32 max, bool last, bool has_pos, s64 pos)
{
	const struct sonde_image *img = ctx->img;
	u16 *tab = (u16 *)(ctx->scratch + ((img->max_key_size + 7) & ~7u));
	s64 len = sonde_strnlen(s, max), sublen = sonde_strnlen(t, max);
	s64 i, j;

	if (!len && !sublen)
		return 0;
	if (!last) {
		i = 0;
		if (has_pos) {
			if (pos < 0)
				pos = 0;
			if (pos >= len)
				return sublen ? -1 : len;
			i = pos;
		}
		if (!sublen)
			return i;
		if (sublen > len - i)
			return -1;
		return sonde_kmp(s, (u32)len, t, (u32)sublen, (u32)i, false,
				 tab);
	}
	i = len;
	if (has_pos) {
		if (pos < 0)
			return sublen ? -1 : 0;
		i = pos > len ? len : pos;
	}
	if (!sublen)
		return i;
	if (sublen > len)
		return -1;
	if (i > len - sublen)
		i = len - sublen;
	/* the last match at or before i is the first one, reading both
	 * strings backwards, at or after len - sublen - i */
	j = sonde_kmp(s, (u32)len, t, (u32)sublen, (u32)(len - sublen - i),
		      true, tab);
	return j < 0 ? -1 : len - sublen - j;
}

static u64 sonde_bswap(u64 v, u32 bytes)
{
	u64 r = 0;
	u32 i;

	for (i = 0; i < bytes; i++)
		r = (r << 8) | ((v >> (8 * i)) & 0xff);
	return r;
}

/* A fault of kind @flt at @addr: what every subroutine returns on one. */
static int sonde_subr_fault(struct sonde_vm_ctx *ctx, u32 flt, u64 addr)
{
	ctx->fault = flt;
	ctx->fault_addr = addr;
	return -EFAULT;
}

/* strtoll(s [, base]): blanks, a sign, base 16's 0x, then digits. */
static int sonde_strtoll(struct sonde_vm_ctx *ctx, const u64 *a, u32 n,
			 u64 *out)
{
	const char *s = (const char *)(unsigned long)a[0];
	u32 max = ctx->img->strsize, i;
	s64 base = n > 1 ? (s64)a[1] : 10, sign = 1;
	u64 acc = 0;

	if (base < 2 || base > 36)
		return sonde_subr_fault(ctx, SONDE_FLT_ILLOP, (u64)base);
	i = 0;
	while (i < max && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i < max && (s[i] == '-' || s[i] == '+'))
		sign = s[i++] == '-' ? -1 : 1;
	if (base == 16 && i + 1 < max && s[i] == '0' &&
	    (s[i + 1] == 'x' || s[i + 1] == 'X'))
		i += 2;
	for (; i < max && s[i]; i++) {
		char c = sonde_tolower(s[i]);
		s64 d = c >= '0' && c <= '9' ? c - '0' :
			c >= 'a' && c <= 'z' ? c - 'a' + 10 : 99;

		if (d >= base)
			break;
		acc = acc * (u64)base + (u64)d;
	}
	/* in u64: "-9223372036854775808" must not overflow */
	*out = sign < 0 ? -acc : acc;
	return 0;
}

/* The subroutines with an integer result: strlen(), index(), rindex(),
 * strtoll(), rand(), strchar() and progenyof(). */
static int sonde_subr_int(struct sonde_vm_ctx *ctx, u32 id, const u64 *a,
			  u32 n, u64 *out)
{
	u32 max = ctx->img->strsize;
	const char *s = (const char *)(unsigned long)a[0];
	const char *t = n > 1 ? (const char *)(unsigned long)a[1] : NULL;
	s64 v;

	switch (id) {
	case SONDE_SUBR_strlen:
		*out = sonde_strnlen(s, max - 1);
		return 0;
	case SONDE_SUBR_index:
	case SONDE_SUBR_rindex:
		*out = (u64)sonde_index(ctx, s, t, max - 1,
					id == SONDE_SUBR_rindex, n > 2,
					n > 2 ? (s64)a[2] : 0);
		return 0;
	case SONDE_SUBR_strtoll:
		return sonde_strtoll(ctx, a, n, out);
	case SONDE_SUBR_rand:
		/* D's rand() is an int: the whole range, sign included */
		*out = (u64)(s64)(s32)(u32)sonde_env_rand(ctx);
		return 0;
	case SONDE_SUBR_strchar:
		/* s[i]: a signed char, 0 past the string's NUL (and before
		 * it), so no byte outside the string is read */
		v = (s64)a[1];
		*out = v < 0 || v > (s64)sonde_strnlen(s, max - 1) ? 0 :
		       (u64)(s64)(s8)s[array_index_nospec((u64)v, max)];
		return 0;
	case SONDE_SUBR_progenyof:
		*out = sonde_env_progenyof(ctx, (s64)a[0]);
		return 0;
	}
	return sonde_subr_fault(ctx, SONDE_FLT_ILLOP, id);
}

/* htons() and the rest: network byte order is big-endian, x86 little. */
static u64 sonde_netorder(u32 id, u64 v)
{
	switch (id) {
	case SONDE_SUBR_htons:
	case SONDE_SUBR_ntohs:
		return sonde_bswap(v, 2);
	case SONDE_SUBR_htonl:
	case SONDE_SUBR_ntohl:
		return sonde_bswap(v, 4);
	default:	/* htonll(), ntohll() */
		return sonde_bswap(v, 8);
	}
}

/* DTrace's alloca(size): scratch of the size asked, here zeroed (scratch
 * holds what earlier firings left) */
static int sonde_alloca(struct sonde_vm_ctx *ctx, const u64 *a, u64 *out)
{
	u64 size = a[0], avail = ctx->scratch_size - ctx->scratch_used;
	u8 *dst;

	if (size > avail || ((size + 7) & ~7ULL) > avail)
		return sonde_subr_fault(ctx, SONDE_FLT_NOSCRATCH, size);
	dst = (u8 *)ctx->scratch + ctx->scratch_used;
	sonde_zero(dst, (u32)((size + 7) & ~7ULL));
	ctx->scratch_used += (u32)((size + 7) & ~7ULL);
	*out = (u64)(unsigned long)dst;
	return 0;
}

/* A copy of @size bytes into buffer @buf that does not fit: BADSIZE (the
 * size) when the buffer's first byte is used scratch, else BADADDR (its
 * offset), as Linux DTrace tells them apart. */
static int sonde_buf_short(struct sonde_vm_ctx *ctx, u64 buf, u64 size)
{
	if (size && sonde_scratch_at(ctx, buf, 1))
		return sonde_subr_fault(ctx, SONDE_FLT_BADSIZE, size);
	return sonde_subr_fault(ctx, SONDE_FLT_BADADDR,
				sonde_scratch_off(ctx, buf));
}

/* copyinto(addr, size, buffer): the destination must be size bytes of
 * this firing's scratch, a buffer alloca() or copyin() made */
static int sonde_copyinto(struct sonde_vm_ctx *ctx, const u64 *a, u64 *out)
{
	u8 *dst = sonde_scratch_at(ctx, a[2], a[1]);

	if (!dst)
		return sonde_buf_short(ctx, a[2], a[1]);
	if (a[1] && sonde_env_copyin(ctx, a[0], dst, (u32)a[1]) < 0)
		return sonde_subr_fault(ctx, SONDE_FLT_BADADDR, a[0]);
	*out = 0;
	return 0;
}

/* copyin(addr, size): the bytes, then at least one NUL up to the next 8
 * bytes, so stringof() of the buffer ends where the copy does */
static int sonde_copyin(struct sonde_vm_ctx *ctx, const u64 *a, u64 *out)
{
	u64 size = a[1], avail = ctx->scratch_size - ctx->scratch_used;
	u8 *dst;

	if (size >= avail || ((size + 8) & ~7ULL) > avail)
		return sonde_subr_fault(ctx, SONDE_FLT_NOSCRATCH, size);
	dst = (u8 *)ctx->scratch + ctx->scratch_used;
	if (sonde_env_copyin(ctx, a[0], dst, (u32)size) < 0)
		return sonde_subr_fault(ctx, SONDE_FLT_BADADDR, a[0]);
	sonde_zero(dst + size, ((size + 8) & ~7ULL) - size);
	ctx->scratch_used += (u32)((size + 8) & ~7ULL);
	*out = (u64)(unsigned long)dst;
	return 0;
}

/* kcopy(addr, size): copyin()'s layout, from kernel memory in a few
 * fault-safe copies; when one faults, the first word (8 bytes from addr,
 * then the tail byte by byte) that cannot be read is the fault's address,
 * found in at most SONDE_KCOPY_SCAN bytes past what was copied */
static int sonde_kcopy(struct sonde_vm_ctx *ctx, const u64 *a, u64 *out)
{
	u64 size = a[1], avail = ctx->scratch_size - ctx->scratch_used;
	u64 off, end;
	u8 *dst;

	if (size >= avail || ((size + 8) & ~7ULL) > avail)
		return sonde_subr_fault(ctx, SONDE_FLT_NOSCRATCH, size);
	dst = (u8 *)ctx->scratch + ctx->scratch_used;
	off = sonde_env_kcopy(ctx, a[0], dst, (u32)size);
	if (off < size) {
		off &= ~7ULL;
		end = off + SONDE_KCOPY_SCAN + 8 < size ?
		      off + SONDE_KCOPY_SCAN + 8 : size;
		while (off < end) {
			/* words, then the tail byte by byte (the world
			 * loads 1, 2, 4 or 8 bytes) */
			u32 chunk = size - off >= 8 ? 8 : 1;
			u64 w;

			if (sonde_env_load(ctx, false, a[0] + off, chunk, &w))
				break;
			memcpy(dst + off, &w, chunk);
			off += chunk;
		}
		/* the world's copy faulted within its scan: where the
		 * words do, or at its end if memory changed meanwhile */
		if (off < size)
			return sonde_subr_fault(ctx, SONDE_FLT_BADADDR,
						a[0] + off);
	}
	sonde_zero(dst + size, (u32)(((size + 8) & ~7ULL) - size));
	ctx->scratch_used += (u32)((size + 8) & ~7ULL);
	*out = (u64)(unsigned long)dst;
	return 0;
}

/* bcopy(src, buffer, size): size bytes of kernel memory into a buffer
 * of at least that many bytes of used scratch */
static int sonde_bcopy(struct sonde_vm_ctx *ctx, const u64 *a, u64 *out)
{
	u8 *dst = sonde_scratch_at(ctx, a[1], a[2]);

	if (!dst)
		return sonde_buf_short(ctx, a[1], a[2]);
	if (a[2] && sonde_env_kcopy(ctx, a[0], dst, (u32)a[2]) < a[2])
		return sonde_subr_fault(ctx, SONDE_FLT_BADADDR, a[0]);
	*out = 0;
	return 0;
}

/* bufstr(buffer): a buffer's bytes as a string, up to the first NUL,
 * strsize or the end of the scratch used so far (a moved buffer may
 * point anywhere: check before reading) */
static int sonde_bufstr(struct sonde_vm_ctx *ctx, const u64 *a, u64 *out)
{
	const char *s = (const char *)sonde_scratch_at(ctx, a[0], 0);
	u32 max = ctx->img->strsize, i;
	u64 avail;
	char *r;

	if (!s)
		return sonde_subr_fault(ctx, SONDE_FLT_BADADDR,
					sonde_scratch_off(ctx, a[0]));
	avail = ctx->scratch_used - sonde_scratch_off(ctx, a[0]);
	r = sonde_scratch_str(ctx);
	if (!r)
		return sonde_subr_fault(ctx, SONDE_FLT_NOSCRATCH, 0);
	for (i = 0; i + 1 < max && i < avail && s[i]; i++)
		r[i] = s[i];
	r[i] = 0;
	*out = (u64)(unsigned long)r;
	return 0;
}

/* uargs(addr, len): a process's argument area, its NULs as blanks and
 * trailing blanks dropped */
static int sonde_uargs(struct sonde_vm_ctx *ctx, const u64 *a, u64 *out)
{
	u32 max = ctx->img->strsize, i;
	u32 len = a[1] < (u64)max - 1 ? (u32)a[1] : max - 1;
	char *r;

	r = sonde_scratch_str(ctx);
	if (!r)
		return sonde_subr_fault(ctx, SONDE_FLT_NOSCRATCH, 0);
	if (len && sonde_env_copyin(ctx, a[0], r, len))
		return sonde_subr_fault(ctx, SONDE_FLT_BADADDR, a[0]);
	for (i = 0; i < len; i++)
		if (!r[i])
			r[i] = ' ';
	while (len > 0 && r[len - 1] == ' ')
		len--;
	r[len] = 0;
	*out = (u64)(unsigned long)r;
	return 0;
}

/* The destructive actions the world carries out: raise(), stop(),
 * chill(), panic(), breakpoint(), copyout() and copyoutstr(). */
static int sonde_subr_destruct(struct sonde_vm_ctx *ctx, u32 id,
			       const u64 *a, u32 n, u64 *out)
{
	const char *s = (const char *)(unsigned long)a[0];
	u32 max = ctx->img->strsize;
	const void *src = NULL;
	u64 arg = n ? a[0] : 0;
	u32 size = 0, fault;

	if (id == SONDE_SUBR_copyout) {
		/* copyout(buffer, addr, size): size bytes of used scratch,
		 * a buffer alloca() or copyin() made */
		src = sonde_scratch_at(ctx, a[0], a[2]);
		if (!src)
			return sonde_subr_fault(ctx, SONDE_FLT_BADADDR,
						sonde_scratch_off(ctx, a[0]));
		size = (u32)a[2];
		arg = a[1];
	} else if (id == SONDE_SUBR_copyoutstr) {
		/* copyoutstr(s, addr, size): the string and its NUL, at
		 * most size bytes */
		src = s;
		size = sonde_strnlen(s, max - 1) + 1;
		if (a[2] < size)
			size = (u32)a[2];
		arg = a[1];
	}
	fault = sonde_env_destruct(ctx, id, arg, src, size);
	if (fault)
		return sonde_subr_fault(ctx, fault, arg);
	*out = 0;
	return 0;
}

/* speculation(), speculate(), commit() and discard(): the world's. */
static int sonde_subr_spec(struct sonde_vm_ctx *ctx, u32 id, const u64 *a,
			   u32 n, u64 *out)
{
	u32 fault = sonde_env_spec(ctx, id, n ? a[0] : 0, out);

	if (fault)
		return sonde_subr_fault(ctx, fault, n ? a[0] : 0);
	return 0;
}

/*
 * The string subroutines below write their result into @r, the firing's
 * strsize-byte chunk of scratch (empty), and set *@out to it, or to 0
 * for D's NULL.
 */

/* strjoin(s, t): a result that does not fit in strsize (with its NUL)
 * is cut there, as Linux dtrace's (its tests strjoin-capped-size-*,
 * strjoin-bordercases count on it; illumos' was out of scratch space) */
static int sonde_strjoin(struct sonde_vm_ctx *ctx, const u64 *a, u32 n,
			 char *r, u64 *out)
{
	const char *s = (const char *)(unsigned long)a[0];
	const char *t = n > 1 ? (const char *)(unsigned long)a[1] : NULL;
	u32 max = ctx->img->strsize, i, j;

	i = sonde_strnlen(s, max - 1);
	j = sonde_strnlen(t, max - 1);
	/* cut at strsize, as Linux dtrace's (illumos' faulted) */
	if (i + j >= max)
		j = max - 1 - i;
	memcpy(r, s, i);
	memcpy(r + i, t, j);
	r[i + j] = 0;
	*out = (u64)(unsigned long)r;
	return 0;
}

/* substr(s, index [, length]): exactly DTrace's index and length rules */
static int sonde_substr(struct sonde_vm_ctx *ctx, const u64 *a, u32 n,
			char *r, u64 *out)
{
	const char *s = (const char *)(unsigned long)a[0];
	u32 max = ctx->img->strsize;
	s64 len = sonde_strnlen(s, max - 1), index = (s64)a[1];
	s64 rem = n > 2 ? (s64)a[2] : (s64)max;
	s64 v;

	if (index < 0) {
		index += len;
		/* rem > 0: index + rem cannot overflow */
		if (index < 0 && rem > 0 && index + rem > 0) {
			rem += index;
			index = 0;
		}
	}
	if (index >= len || index < 0)
		rem = 0;
	else if (rem < 0)
		rem += len - index;
	else if (rem > (s64)max - index)	/* no overflow */
		rem = (s64)max - index;
	for (v = 0; v < rem && v < (s64)max - 1 && s[index + v]; v++)
		r[v] = s[index + v];
	r[v > 0 ? v : 0] = 0;
	*out = (u64)(unsigned long)r;
	return 0;
}

/* strchr(s, c) and strrchr(s, c): the tail of s from the first (last) c,
 * or NULL; the NUL counts: strchr(s, 0) is the empty tail */
static int sonde_strchr(struct sonde_vm_ctx *ctx, u32 id, const u64 *a,
			char *r, u64 *out)
{
	const char *s = (const char *)(unsigned long)a[0];
	u32 max = ctx->img->strsize, i;
	u32 len = sonde_strnlen(s, max - 1);
	s64 pos = -1;

	for (i = 0; i <= len; i++) {
		if (s[i] == (char)a[1]) {
			pos = i;
			if (id == SONDE_SUBR_strchr)
				break;
		}
	}
	if (pos < 0) {
		*out = 0;	/* NULL */
		return 0;
	}
	memcpy(r, s + pos, len - pos);
	r[len - pos] = 0;
	*out = (u64)(unsigned long)r;
	return 0;
}

/* strstr(s, t): the tail of s from the first t, or NULL */
static int sonde_strstr(struct sonde_vm_ctx *ctx, const u64 *a, u32 n,
			char *r, u64 *out)
{
	const char *s = (const char *)(unsigned long)a[0];
	const char *t = n > 1 ? (const char *)(unsigned long)a[1] : NULL;
	u32 max = ctx->img->strsize, i;
	s64 v;

	v = sonde_index(ctx, s, t, max - 1, false, false, 0);
	if (v < 0) {
		*out = 0;	/* NULL */
		return 0;
	}
	i = sonde_strnlen(s, max - 1);
	memcpy(r, s + v, i - v);
	r[i - v] = 0;
	*out = (u64)(unsigned long)r;
	return 0;
}

/*
 * strtok(s, delims) and strtok(NULL, delims): dtrace_dif_subr()'s STRTOK,
 * skip delimiters, copy up to the next one; the rest is kept for
 * strtok(NULL, ...) in a copy of the string in scratch, so no pointer
 * outlives what it points to.
 */
static int sonde_strtok(struct sonde_vm_ctx *ctx, u32 id, const u64 *a,
			u32 n, char *r, u64 *out)
{
	const char *s = (const char *)(unsigned long)a[0];
	const char *t = n > 1 ? (const char *)(unsigned long)a[1] : NULL;
	const char *delim = id == SONDE_SUBR_strtok ? t : s;
	u32 max = ctx->img->strsize, i, j;
	const char *p, *end;
	u8 map[32] __uninitialized;	/* sonde_zero() below */

	if (id == SONDE_SUBR_strtok) {
		char *copy = sonde_scratch_str(ctx);

		if (!copy)
			return sonde_subr_fault(ctx, SONDE_FLT_NOSCRATCH, 0);
		i = sonde_strnlen(s, max - 1);
		memcpy(copy, s, i);
		copy[i] = 0;
		p = copy;
		end = copy + i;
	} else {
		p = ctx->strtok_pos;
		end = ctx->strtok_end;
	}
	sonde_zero(map, sizeof(map));
	for (i = 0; i < max - 1 && delim[i]; i++)
		map[(u8)delim[i] >> 3] |= 1 << ((u8)delim[i] & 7);
	while (p && p < end && (map[(u8)*p >> 3] & (1 << ((u8)*p & 7))))
		p++;
	if (!p || p >= end) {
		ctx->strtok_pos = NULL;
		ctx->strtok_end = NULL;
		*out = 0;	/* NULL: no more tokens */
		return 0;
	}
	for (j = 0; p < end && !(map[(u8)*p >> 3] & (1 << ((u8)*p & 7))); p++)
		r[j++] = *p;
	r[j] = 0;
	ctx->strtok_pos = p;
	ctx->strtok_end = end;
	*out = (u64)(unsigned long)r;
	return 0;
}

/* basename(s) (@base) or dirname(s) into @r: as DTrace and POSIX,
 * trailing slashes do not count */
static void sonde_pathname(bool base, const char *s, u32 max, char *r)
{
	s64 len = sonde_strnlen(s, max - 1), end, start;

	end = len - 1;
	while (end > 0 && s[end] == '/')
		end--;
	if (len == 0) {
		r[0] = '.';
		r[1] = 0;
		return;
	}
	if (end == 0 && s[0] == '/') {
		r[0] = '/';
		r[1] = 0;
		return;
	}
	start = end;
	while (start >= 0 && s[start] != '/')
		start--;
	if (base) {
		memcpy(r, s + start + 1, end - start);
		r[end - start] = 0;
		return;
	}
	if (start < 0) {
		r[0] = '.';
		r[1] = 0;
		return;
	}
	while (start > 0 && s[start] == '/')
		start--;
	if (start == 0 && s[0] == '/') {
		r[0] = '/';
		r[1] = 0;
		return;
	}
	memcpy(r, s, start + 1);
	r[start + 1] = 0;
}

/* lltostr(x [, base]): base 10 signed, other bases unsigned with DTrace's
 * prefixes; a base outside 2..36 is an illegal operation */
static int sonde_lltostr(struct sonde_vm_ctx *ctx, const u64 *a, u32 n,
			 char *r, u64 *out)
{
	u32 max = ctx->img->strsize, i, j;
	s64 base = n > 1 ? (s64)a[1] : 10;
	char tmp[72] __uninitialized;	/* written below */
	u64 x = a[0];
	bool neg = false;

	if (base < 2 || base > 36)
		return sonde_subr_fault(ctx, SONDE_FLT_ILLOP, (u64)base);
	if (base == 10 && (s64)x < 0) {
		neg = true;
		x = -x;
	}
	i = 0;
	do {
		u32 d = (u32)(x % (u64)base);

		tmp[i++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
		x /= (u64)base;
	} while (x);
	/* DTrace's prefixes: 0x for base 16, 0 for base 8 */
	if (base == 16) {
		tmp[i++] = 'x';
		tmp[i++] = '0';
	} else if (base == 8 && a[0]) {
		tmp[i++] = '0';
	}
	if (neg)
		tmp[i++] = '-';
	for (j = 0; j < i && j < max - 1; j++)
		r[j] = tmp[i - 1 - j];
	r[j] = 0;
	*out = (u64)(unsigned long)r;
	return 0;
}

/*
 * inet_ntoa(), inet_ntoa6(), inet_ntop(): DTrace's forms of an address
 * (dtrace_dif_subr()), written backwards from the end of a buffer of
 * INET6_ADDRSTRLEN (46) bytes, as DTrace writes them.
 */
#define SONDE_INET6_STRLEN	46

/* @v in decimal (@hex: lower-case hexadecimal), ending before @p. */
static char *sonde_put_num(char *p, u32 v, bool hex)
{
	do {
		*--p = "0123456789abcdef"[hex ? v & 15 : v % 10];
		v = hex ? v >> 4 : v / 10;
	} while (v);
	return p;
}

/* The dotted quad of the 4 bytes at @b. */
static char *sonde_put_quad(char *p, const u8 *b)
{
	int i;

	for (i = 3; i >= 0; i--) {
		p = sonde_put_num(p, b[i], false);
		if (i)
			*--p = '.';
	}
	return p;
}

/*
 * The 16 bytes at @b: 16-bit groups in hexadecimal, the longest run of
 * zero groups (one alone counts, as in DTrace) as "::"; an IPv4-mapped
 * (::ffff:a.b.c.d) or -compatible (::a.b.c.d, not :: or ::1) address
 * ends in its dotted quad, which is all of it for inet_ntoa6() (@quad).
 */
static char *sonde_put_ip6(char *p, const u8 *b, bool quad)
{
	int first = -1, run = -1, num = 1, end = 14, i;
	bool zero12 = true, mapped, compat;

	for (i = 0; i < 16; i++) {
		if (!b[i] && run < 0 && !(i & 1)) {
			run = i;
			continue;
		}
		if (run >= 0 && (b[i] || i == 15)) {
			if (i - run > num) {
				first = run;
				num = i - (i & 1) - run;
				if (!b[i] && i == 15)
					num += 2;
			}
			run = -1;
		}
	}
	for (i = 0; i < 10; i++)
		zero12 &= !b[i];
	mapped = zero12 && b[10] == 0xff && b[11] == 0xff;
	compat = zero12 && !b[10] && !b[11] &&
		 (b[12] || b[13] || b[14] || b[15] > 1);
	if (mapped || compat) {
		p = sonde_put_quad(p, b + 12);
		if (quad)
			return p;
		end = 10;
	}
	for (i = end; i >= 0; i -= 2) {
		if (i == first + num - 2) {
			*--p = ':';
			*--p = ':';
			i -= num - 2;
			continue;
		}
		if (i < 14 && i != first - 2)
			*--p = ':';
		p = sonde_put_num(p, (u32)b[i] << 8 | b[i + 1], true);
	}
	return p;
}

/* The address of @id's kind at kernel address a[0] (inet_ntop(): a[1],
 * of family a[0]) into @r, strsize bytes of scratch. */
static int sonde_inet(struct sonde_vm_ctx *ctx, u32 id, const u64 *a,
		      char *r, u64 *out)
{
	u64 addr = id == SONDE_SUBR_inet_ntop ? a[1] : a[0];
	bool v6 = id == SONDE_SUBR_inet_ntoa6;
	char tmp[SONDE_INET6_STRLEN] __uninitialized;	/* written below */
	u32 max = ctx->img->strsize, i, k;
	u8 b[16] __uninitialized;			/* loaded below */
	char *p = tmp + sizeof(tmp) - 1;
	u64 v;

	if (id == SONDE_SUBR_inet_ntop) {
		if (a[0] != 2 && a[0] != 10)	/* AF_INET, Linux's AF_INET6 */
			return sonde_subr_fault(ctx, SONDE_FLT_ILLOP, a[0]);
		v6 = a[0] == 10;
	}
	for (i = 0; i < (v6 ? 16u : 4u); i += k) {
		k = v6 ? 8 : 4;
		if (sonde_env_load(ctx, false, addr + i, k, &v))
			return sonde_subr_fault(ctx, SONDE_FLT_BADADDR,
						addr + i);
		while (k--)
			b[i + k] = (u8)(v >> (8 * k));
		k = v6 ? 8 : 4;
	}
	*p = 0;
	p = v6 ? sonde_put_ip6(p, b, id == SONDE_SUBR_inet_ntoa6) :
		 sonde_put_quad(p, b);
	for (i = 0; p[i] && i < max - 1; i++)
		r[i] = p[i];
	r[i] = 0;
	*out = (u64)(unsigned long)r;
	return 0;
}

/*
 * cleanpath(s) into @r (@max bytes): Oracle's DTrace for Linux's lexical
 * cleaning (its bpf/cleanpath.S), which is Go's path.Clean but for the
 * empty string: "//" and "/./" become "/", "dir/.." goes, ".." past the
 * root of an absolute path goes, a relative path keeps its leading
 * ".."s, nothing left is ".", no trailing '/'.  The result is never
 * longer than s, so it fits.  One pass, bounded by strsize.
 */
static void sonde_cleanpath(const char *s, char *r, u32 max)
{
	u32 n = 0, i = 0, w = 0, dotdot = 0;
	bool rooted;

	while (n < max - 1 && s[n])
		n++;
	if (n <= 1) {			/* "", "x", ".", "/" as they are */
		for (i = 0; i < n; i++)
			r[i] = s[i];
		r[n] = 0;
		return;
	}
	rooted = s[0] == '/';
	if (rooted) {
		r[w++] = '/';
		i = dotdot = 1;
	}
	while (i < n) {
		if (s[i] == '/') {
			i++;
		} else if (s[i] == '.' && (i + 1 == n || s[i + 1] == '/')) {
			i++;
		} else if (s[i] == '.' && s[i + 1] == '.' &&
			   (i + 2 == n || s[i + 2] == '/')) {
			i += 2;
			if (w > dotdot) {
				/* back over the last component */
				w--;
				while (w > dotdot && r[w] != '/')
					w--;
			} else if (!rooted) {
				/* a relative path keeps its ".." */
				if (w > 0)
					r[w++] = '/';
				r[w++] = '.';
				r[w++] = '.';
				dotdot = w;
			}
		} else {
			if ((rooted && w != 1) || (!rooted && w != 0))
				r[w++] = '/';
			while (i < n && s[i] != '/')
				r[w++] = s[i++];
		}
	}
	if (!w)
		r[w++] = '.';
	r[w] = 0;
}

/* link_ntop(type, addr) into @r: the 6 (ARPHRD_ETHER: loads of 4 and 2
 * bytes) or 20 (ARPHRD_INFINIBAND: 8, 8 and 4) bytes at kernel address
 * addr, "xx:xx:..." */
static int sonde_link_ntop(struct sonde_vm_ctx *ctx, const u64 *a, char *r,
			   u64 *out)
{
	static const u8 eth[] = { 4, 2, 0 }, ib[] = { 8, 8, 4, 0 };
	const u8 *chunk = a[0] == 1 ? eth : a[0] == 32 ? ib : NULL;
	u8 b[20] __uninitialized;			/* loaded below */
	u32 len = 0, i, k;
	u64 v;

	if (!chunk)
		return sonde_subr_fault(ctx, SONDE_FLT_ILLOP, a[0]);
	for (; *chunk; len += *chunk++) {
		if (sonde_env_load(ctx, false, a[1] + len, *chunk, &v))
			return sonde_subr_fault(ctx, SONDE_FLT_BADADDR,
						a[1] + len);
		for (k = 0; k < *chunk; k++)
			b[len + k] = (u8)(v >> (8 * k));
	}
	/* a strsize too small for it cuts the string, as strings are */
	for (i = 0, k = 0; i < len && k + 3 < ctx->img->strsize; i++) {
		if (i)
			r[k++] = ':';
		r[k++] = "0123456789abcdef"[b[i] >> 4];
		r[k++] = "0123456789abcdef"[b[i] & 15];
	}
	r[k] = 0;
	*out = (u64)(unsigned long)r;
	return 0;
}

/* copyinstr() (user memory) and stringof() (kernel memory) into @r,
 * strsize bytes of scratch. */
static int sonde_copystr(struct sonde_vm_ctx *ctx, u32 id, const u64 *a,
			 u32 n, char *r, u64 *out)
{
	u32 size = ctx->img->strsize;

	/* a maximum length below strsize shortens the copy; a huge one
	 * (even (size_t)-1) leaves strsize */
	if (id == SONDE_SUBR_copyinstr && n > 1 && a[1] < size - 1)
		size = (u32)a[1] + 1;
	if (sonde_env_copystr(ctx, id == SONDE_SUBR_copyinstr, a[0], r,
			      size) < 0)
		return sonde_subr_fault(ctx, SONDE_FLT_BADADDR, a[0]);
	*out = (u64)(unsigned long)r;
	return 0;
}

/* The subroutines with a string result, into @r (empty, strsize bytes of
 * scratch); an unknown @id is an illegal operation. */
static int sonde_subr_str(struct sonde_vm_ctx *ctx, u32 id, const u64 *a,
			  u32 n, char *r, u64 *out)
{
	const char *s = (const char *)(unsigned long)a[0];
	u32 max = ctx->img->strsize, i;

	switch (id) {
	case SONDE_SUBR_strjoin:
		return sonde_strjoin(ctx, a, n, r, out);
	case SONDE_SUBR_substr:
		return sonde_substr(ctx, a, n, r, out);
	case SONDE_SUBR_strchr:
	case SONDE_SUBR_strrchr:
		return sonde_strchr(ctx, id, a, r, out);
	case SONDE_SUBR_strstr:
		return sonde_strstr(ctx, a, n, r, out);
	case SONDE_SUBR_strtok:
	case SONDE_SUBR_strtok_next:
		return sonde_strtok(ctx, id, a, n, r, out);
	case SONDE_SUBR_basename:
	case SONDE_SUBR_dirname:
		sonde_pathname(id == SONDE_SUBR_basename, s, max, r);
		break;
	case SONDE_SUBR_lltostr:
		return sonde_lltostr(ctx, a, n, r, out);
	case SONDE_SUBR_toupper:
	case SONDE_SUBR_tolower:
		for (i = 0; i < max - 1 && s[i]; i++)
			r[i] = id == SONDE_SUBR_toupper ? sonde_toupper(s[i]) :
			       sonde_tolower(s[i]);
		r[i] = 0;
		break;
	case SONDE_SUBR_copyinstr:
	case SONDE_SUBR_stringof:
		return sonde_copystr(ctx, id, a, n, r, out);
	case SONDE_SUBR_inet_ntoa:
	case SONDE_SUBR_inet_ntoa6:
	case SONDE_SUBR_inet_ntop:
		return sonde_inet(ctx, id, a, r, out);
	case SONDE_SUBR_d_path:
		if (sonde_env_dpath(ctx, a[0], r, max))
			return sonde_subr_fault(ctx, SONDE_FLT_BADADDR, a[0]);
		break;
	case SONDE_SUBR_cleanpath:
		sonde_cleanpath(s, r, max);
		break;
	case SONDE_SUBR_link_ntop:
		return sonde_link_ntop(ctx, a, r, out);
	default:
		return sonde_subr_fault(ctx, SONDE_FLT_ILLOP, id);
	}
	*out = (u64)(unsigned long)r;
	return 0;
}

/*
 * Run subroutine @id on @a[0..n).  Returns 0 with *@out set, or -EFAULT
 * with ctx->fault (and fault_addr) set.  A switch, not a table of
 * pointers: no indirect call in probe context.
 */
int sonde_subr(struct sonde_vm_ctx *ctx, u32 id, const u64 *a, u32 n,
	       u64 *out)
{
	const char *kinds = NULL;
	u32 i, lo, hi;
	char *r;

	/*
	 * copyinstr() first, the subroutine of nearly every script that
	 * reads strings: its arguments are integers (nothing to check for
	 * the NULL string), and the switches below are compare trees
	 * several branches deep.
	 */
	if (id == SONDE_SUBR_copyinstr) {
		r = sonde_scratch_str(ctx);
		if (!r)
			return sonde_subr_fault(ctx, SONDE_FLT_NOSCRATCH, 0);
		return sonde_copystr(ctx, id, a, n, r, out);
	}
	/* DTrace's NULL string: reading it is a load from address 0 */
	if (sonde_subr_sig(id, &lo, &hi, &kinds) >= 0) {
		for (i = 0; i < n && kinds[i]; i++)
			if (kinds[i] == 's' && !a[i])
				return sonde_subr_fault(ctx, SONDE_FLT_BADADDR,
							0);
	}
	switch (id) {
	case SONDE_SUBR_strlen:
	case SONDE_SUBR_index:
	case SONDE_SUBR_rindex:
	case SONDE_SUBR_strtoll:
	case SONDE_SUBR_rand:
	case SONDE_SUBR_strchar:
	case SONDE_SUBR_progenyof:
		return sonde_subr_int(ctx, id, a, n, out);
	case SONDE_SUBR_htons:
	case SONDE_SUBR_ntohs:
	case SONDE_SUBR_htonl:
	case SONDE_SUBR_ntohl:
	case SONDE_SUBR_htonll:
	case SONDE_SUBR_ntohll:
		*out = sonde_netorder(id, a[0]);
		return 0;
	/* buffers and strings in the firing's scratch */
	case SONDE_SUBR_alloca:
		return sonde_alloca(ctx, a, out);
	case SONDE_SUBR_copyinto:
		return sonde_copyinto(ctx, a, out);
	case SONDE_SUBR_copyin:
		return sonde_copyin(ctx, a, out);
	case SONDE_SUBR_kcopy:
		return sonde_kcopy(ctx, a, out);
	case SONDE_SUBR_bcopy:
		return sonde_bcopy(ctx, a, out);
	case SONDE_SUBR_bufstr:
		return sonde_bufstr(ctx, a, out);
	case SONDE_SUBR_uargs:
		return sonde_uargs(ctx, a, out);
	case SONDE_SUBR_raise:
	case SONDE_SUBR_stop:
	case SONDE_SUBR_chill:
	case SONDE_SUBR_panic:
	case SONDE_SUBR_breakpoint:
	case SONDE_SUBR_copyout:
	case SONDE_SUBR_copyoutstr:
		return sonde_subr_destruct(ctx, id, a, n, out);
	case SONDE_SUBR_speculation:
	case SONDE_SUBR_speculate:
	case SONDE_SUBR_commit:
	case SONDE_SUBR_discard:
		return sonde_subr_spec(ctx, id, a, n, out);
	}

	/* the rest produce a string (an unknown id, too, takes its scratch
	 * before it is refused) */
	r = sonde_scratch_str(ctx);
	if (!r)
		return sonde_subr_fault(ctx, SONDE_FLT_NOSCRATCH, 0);
	r[0] = 0;
	return sonde_subr_str(ctx, id, a, n, r, out);
}
