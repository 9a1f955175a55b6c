// SPDX-License-Identifier: GPL-2.0
/*
 * subr.c - D's subroutines (strlen, strjoin, substr, basename, copyinstr,
 * copyin, ...).  Probe context: every subroutine is linear in strsize
 * (or, for copyin, in the scratch left; index(), rindex() and strstr() by
 * Knuth-Morris-Pratt over a table in scratch), string and buffer results are
 * bump-allocated in the firing's scratch space (NOSCRATCH when it is used
 * up), and memory the script names is read only through the world's
 * fault-safe copy.  Semantics follow DTrace's (dtrace_dif_subr()).
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
 * First (or, @last, last) index of @t in @s at or after / before @from,
 * as DTrace's index() and rindex(): strings of at most @max bytes.
 */
static s64 sonde_index(struct sonde_vm_ctx *ctx, const char *s, const char *t,
		       u32 max, s64 from, bool last)
{
	const struct sonde_image *img = ctx->img;
	u16 *tab = (u16 *)(ctx->scratch + ((img->max_key_size + 7) & ~7u));
	u32 ls = sonde_strnlen(s, max), lt = sonde_strnlen(t, max);
	s64 start, end, j;

	if (lt > ls)
		return -1;
	if (!last) {
		start = from < 0 ? 0 : from;
		if (!lt)
			return start <= ls ? start : -1;
		if (start > ls - lt)
			return -1;
		return sonde_kmp(s, ls, t, lt, (u32)start, false, tab);
	}
	end = (s64)(ls - lt);
	if (from >= 0 && from < end)
		end = from;
	if (!lt)
		return end;
	/* the last match at or before end is the first one, reading both
	 * strings backwards, at or after ls - lt - end */
	j = sonde_kmp(s, ls, t, lt, (u32)((s64)(ls - lt) - end), true, tab);
	return j < 0 ? -1 : (s64)(ls - lt) - j;
}

static u64 sonde_bswap(u64 v, u32 bytes)
{
	u64 r = 0;
	u32 i;

	for (i = 0; i < bytes; i++)
		r = (r << 8) | ((v >> (8 * i)) & 0xff);
	return r;
}

/*
 * Run subroutine @id on @a[0..n).  Returns 0 with *@out set, or -EFAULT
 * with ctx->fault (and fault_addr) set.
 */
int sonde_subr(struct sonde_vm_ctx *ctx, u32 id, const u64 *a, u32 n,
	       u64 *out)
{
	u32 max = ctx->img->strsize, i, j;
	const char *s = (const char *)(unsigned long)a[0];
	const char *t = n > 1 ? (const char *)(unsigned long)a[1] : NULL;
	char *r = NULL;
	s64 v;

	switch (id) {
	case SONDE_SUBR_strlen:
		*out = sonde_strnlen(s, max - 1);
		return 0;
	case SONDE_SUBR_index:
	case SONDE_SUBR_rindex:
		*out = (u64)sonde_index(ctx, s, t, max - 1,
					n > 2 ? (s64)a[2] :
					(id == SONDE_SUBR_index ? 0 : -1),
					id == SONDE_SUBR_rindex);
		return 0;
	case SONDE_SUBR_strtoll: {
		s64 base = n > 1 ? (s64)a[1] : 10, sign = 1;
		u64 acc = 0;

		if (base < 2 || base > 36) {
			ctx->fault = SONDE_FLT_ILLOP;
			ctx->fault_addr = (u64)base;
			return -EFAULT;
		}
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
	case SONDE_SUBR_rand:
		*out = sonde_env_rand(ctx);
		return 0;
	case SONDE_SUBR_htons:
	case SONDE_SUBR_ntohs:
		*out = sonde_bswap(a[0], 2);
		return 0;
	case SONDE_SUBR_htonl:
	case SONDE_SUBR_ntohl:
		*out = sonde_bswap(a[0], 4);
		return 0;
	case SONDE_SUBR_htonll:
	case SONDE_SUBR_ntohll:
		*out = sonde_bswap(a[0], 8);
		return 0;
	case SONDE_SUBR_copyin: {
		/* the bytes, then at least one NUL up to the next 8 bytes,
		 * so stringof() of the buffer ends where the copy does */
		u64 size = a[1], avail = ctx->scratch_size - ctx->scratch_used;
		u8 *dst;

		if (size >= avail || ((size + 8) & ~7ULL) > avail) {
			ctx->fault = SONDE_FLT_NOSCRATCH;
			ctx->fault_addr = size;
			return -EFAULT;
		}
		dst = (u8 *)ctx->scratch + ctx->scratch_used;
		if (sonde_env_copyin(ctx, a[0], dst, (u32)size) < 0) {
			ctx->fault = SONDE_FLT_BADADDR;
			ctx->fault_addr = a[0];
			return -EFAULT;
		}
		sonde_zero(dst + size, ((size + 8) & ~7ULL) - size);
		ctx->scratch_used += (u32)((size + 8) & ~7ULL);
		*out = (u64)(unsigned long)dst;
		return 0;
	}
	case SONDE_SUBR_bufstr: {
		/* a buffer's bytes as a string: up to the first NUL, strsize
		 * or the end of the scratch used so far (a moved buffer may
		 * point anywhere: check before reading) */
		u64 avail;

		if (!sonde_in_scratch(ctx, a[0], 0)) {
			ctx->fault = SONDE_FLT_BADADDR;
			ctx->fault_addr = sonde_scratch_off(ctx, a[0]);
			return -EFAULT;
		}
		avail = ctx->scratch_used - sonde_scratch_off(ctx, a[0]);
		r = sonde_scratch_str(ctx);
		if (!r) {
			ctx->fault = SONDE_FLT_NOSCRATCH;
			ctx->fault_addr = 0;
			return -EFAULT;
		}
		for (i = 0; i + 1 < max && i < avail && s[i]; i++)
			r[i] = s[i];
		r[i] = 0;
		*out = (u64)(unsigned long)r;
		return 0;
	}
	case SONDE_SUBR_uargs: {
		u32 len = a[1] < (u64)max - 1 ? (u32)a[1] : max - 1;

		r = sonde_scratch_str(ctx);
		if (!r) {
			ctx->fault = SONDE_FLT_NOSCRATCH;
			ctx->fault_addr = 0;
			return -EFAULT;
		}
		if (len && sonde_env_copyin(ctx, a[0], r, len)) {
			ctx->fault = SONDE_FLT_BADADDR;
			ctx->fault_addr = a[0];
			return -EFAULT;
		}
		for (i = 0; i < len; i++)
			if (!r[i])
				r[i] = ' ';
		while (len > 0 && r[len - 1] == ' ')
			len--;
		r[len] = 0;
		*out = (u64)(unsigned long)r;
		return 0;
	}
	case SONDE_SUBR_kcopy: {
		/* copyin()'s layout, from kernel memory a word at a time:
		 * at most the scratch left, so the loop is bounded by it */
		u64 size = a[1], avail = ctx->scratch_size - ctx->scratch_used;
		u64 off;
		u8 *dst;

		if (size >= avail || ((size + 8) & ~7ULL) > avail) {
			ctx->fault = SONDE_FLT_NOSCRATCH;
			ctx->fault_addr = size;
			return -EFAULT;
		}
		dst = (u8 *)ctx->scratch + ctx->scratch_used;
		for (off = 0; off < size; ) {
			/* words, then the tail byte by byte (the world
			 * loads 1, 2, 4 or 8 bytes) */
			u32 chunk = size - off >= 8 ? 8 : 1;
			u64 w;

			if (sonde_env_load(ctx, false, a[0] + off, chunk, &w)) {
				ctx->fault = SONDE_FLT_BADADDR;
				ctx->fault_addr = a[0] + off;
				return -EFAULT;
			}
			memcpy(dst + off, &w, chunk);
			off += chunk;
		}
		memset(dst + size, 0, ((size + 8) & ~7ULL) - size);
		ctx->scratch_used += (u32)((size + 8) & ~7ULL);
		*out = (u64)(unsigned long)dst;
		return 0;
	}
	case SONDE_SUBR_speculation:
	case SONDE_SUBR_speculate:
	case SONDE_SUBR_commit:
	case SONDE_SUBR_discard: {
		u32 fault = sonde_env_spec(ctx, id, n ? a[0] : 0, out);

		if (fault) {
			ctx->fault = fault;
			ctx->fault_addr = n ? a[0] : 0;
			return -EFAULT;
		}
		return 0;
	}
	}

	/* the rest produce a string */
	r = sonde_scratch_str(ctx);
	if (!r) {
		ctx->fault = SONDE_FLT_NOSCRATCH;
		ctx->fault_addr = 0;
		return -EFAULT;
	}
	r[0] = 0;
	switch (id) {
	case SONDE_SUBR_strjoin:
		i = sonde_strnlen(s, max - 1);
		memcpy(r, s, i);
		j = sonde_strnlen(t, max - 1 - i);
		memcpy(r + i, t, j);
		r[i + j] = 0;
		break;
	case SONDE_SUBR_substr: {
		/* exactly DTrace's index and length rules */
		s64 len = sonde_strnlen(s, max - 1), index = (s64)a[1];
		s64 rem = n > 2 ? (s64)a[2] : (s64)max;

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
		break;
	}
	case SONDE_SUBR_strchr:
	case SONDE_SUBR_strrchr: {
		s64 pos = -1;
		u32 len = sonde_strnlen(s, max - 1);

		for (i = 0; i < len; i++) {
			if (s[i] == (char)a[1]) {
				pos = i;
				if (id == SONDE_SUBR_strchr)
					break;
			}
		}
		if (pos >= 0) {
			memcpy(r, s + pos, len - pos);
			r[len - pos] = 0;
		}
		break;
	}
	case SONDE_SUBR_strstr:
		v = sonde_index(ctx, s, t, max - 1, 0, false);
		if (v >= 0) {
			i = sonde_strnlen(s, max - 1);
			memcpy(r, s + v, i - v);
			r[i - v] = 0;
		}
		break;
	case SONDE_SUBR_basename:
	case SONDE_SUBR_dirname: {
		/* as DTrace and POSIX: trailing slashes do not count */
		s64 len = sonde_strnlen(s, max - 1), end, start;

		end = len - 1;
		while (end > 0 && s[end] == '/')
			end--;
		if (len == 0) {
			r[0] = '.';
			r[1] = 0;
			break;
		}
		if (end == 0 && s[0] == '/') {
			r[0] = '/';
			r[1] = 0;
			break;
		}
		start = end;
		while (start >= 0 && s[start] != '/')
			start--;
		if (id == SONDE_SUBR_basename) {
			memcpy(r, s + start + 1, end - start);
			r[end - start] = 0;
			break;
		}
		if (start < 0) {
			r[0] = '.';
			r[1] = 0;
			break;
		}
		while (start > 0 && s[start] == '/')
			start--;
		if (start == 0 && s[0] == '/') {
			r[0] = '/';
			r[1] = 0;
			break;
		}
		memcpy(r, s, start + 1);
		r[start + 1] = 0;
		break;
	}
	case SONDE_SUBR_lltostr: {
		s64 base = n > 1 ? (s64)a[1] : 10;
		char tmp[72] __uninitialized;	/* written below */
		u64 x = a[0];
		bool neg = false;

		if (base < 2 || base > 36) {
			ctx->fault = SONDE_FLT_ILLOP;
			ctx->fault_addr = (u64)base;
			return -EFAULT;
		}
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
		if (base == 16) {
			tmp[i++] = 'x';
			tmp[i++] = '0';
		}
		if (neg)
			tmp[i++] = '-';
		for (j = 0; j < i && j < max - 1; j++)
			r[j] = tmp[i - 1 - j];
		r[j] = 0;
		break;
	}
	case SONDE_SUBR_toupper:
	case SONDE_SUBR_tolower:
		for (i = 0; i < max - 1 && s[i]; i++)
			r[i] = id == SONDE_SUBR_toupper ? sonde_toupper(s[i]) :
			       sonde_tolower(s[i]);
		r[i] = 0;
		break;
	case SONDE_SUBR_copyinstr:
	case SONDE_SUBR_stringof: {
		u32 size = max;

		/* a maximum length below strsize shortens the copy; a huge
		 * one (even (size_t)-1) leaves strsize */
		if (id == SONDE_SUBR_copyinstr && n > 1 && a[1] < size - 1)
			size = (u32)a[1] + 1;
		if (sonde_env_copystr(ctx, id == SONDE_SUBR_copyinstr, a[0], r,
				      size) < 0) {
			ctx->fault = SONDE_FLT_BADADDR;
			ctx->fault_addr = a[0];
			return -EFAULT;
		}
		break;
	}
	default:
		ctx->fault = SONDE_FLT_ILLOP;
		ctx->fault_addr = id;
		return -EFAULT;
	}
	*out = (u64)(unsigned long)r;
	return 0;
}
