// SPDX-License-Identifier: GPL-2.0
/*
 * printf.c - D's printf()/printa() formatting: C printf conversions with
 * DTrace's rules (libdtrace dt_printf.c): the argument's D type picks the
 * C length ("ll" for 8-byte values), %d prints unsigned for an unsigned
 * argument (pfcheck_dint), %i always signed, %p is %x of the value (no
 * "0x" unless '#'), %? is a width of 16, %@ takes the aggregation value, a
 * precision is only passed on when positive, a negative '*' width means
 * left-justified.  Pure formatting onto a FILE *.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "consume_impl.h"
#include "fmtspec.h"
#include "vm.h"

#define PF_ALT		0x01
#define PF_ZPAD		0x02
#define PF_LEFT		0x04
#define PF_SPOS		0x08
#define PF_GROUP	0x10
#define PF_SPACE	0x20
#define PF_DYNWIDTH	0x40
#define PF_DYNPREC	0x80
#define PF_AGG		0x100

/*
 * Symbols for %a / %A and stack arguments (%k): set by the consumer before
 * each sonde_format() call; NULL prints bare addresses.
 */
static struct sonde_syms *sonde_pf_syms;
static int sonde_pf_upid;

void sonde_format_set_syms(struct sonde_syms *s, int upid)
{
	sonde_pf_syms = s;
	sonde_pf_upid = upid;
}

/* jstack() arguments print through their consumer (its helpers, lines) */
static struct sonde_consumer *sonde_pf_consumer;

void sonde_format_set_consumer(struct sonde_consumer *c)
{
	sonde_pf_consumer = c;
}

struct sonde_pfspec {
	unsigned int flags;
	int width, prec;	/* prec -1: none */
	char mod[4];		/* h, l, ll, L, w as written */
	char conv;		/* conversion character */
};

static uint64_t sonde_arg_uint(const struct sonde_fmtarg *a)
{
	uint64_t v8;
	uint32_t v4;
	uint16_t v2;
	uint8_t v1;

	switch (a->type.size) {
	case 1:
		memcpy(&v1, a->data, 1);
		return v1;
	case 2:
		memcpy(&v2, a->data, 2);
		return v2;
	case 4:
		memcpy(&v4, a->data, 4);
		return v4;
	default:
		memcpy(&v8, a->data, 8);
		return v8;
	}
}

/* The same, sign-extended from its size. */
static int64_t sonde_arg_sint(const struct sonde_fmtarg *a)
{
	unsigned int shift = a->type.size >= 1 && a->type.size < 8 ?
			     64 - 8 * a->type.size : 0;

	return (int64_t)(sonde_arg_uint(a) << shift) >> shift;
}

static bool sonde_arg_is_int(const struct sonde_fmtarg *a)
{
	return a->type.kind != SONDE_DT_STR && !sonde_dt_is_sym(a->type) &&
	       a->type.size >= 1 &&
	       a->type.size <= 8 && !(a->type.size & (a->type.size - 1));
}

/* A string argument, NUL-terminated within its size (malloc'd). */
static char *sonde_arg_str(const struct sonde_fmtarg *a)
{
	char *s;

	if (sonde_arg_is_int(a)) {
		s = malloc(24);
		if (s)
			snprintf(s, 24, "%lld", (long long)sonde_arg_sint(a));
		return s;
	}
	s = malloc(a->type.size + 1);
	if (!s)
		return NULL;
	memcpy(s, a->data, a->type.size);
	s[a->type.size] = '\0';
	return s;
}

/* strchr2esc(): C escapes for %S / %C. */
static char *sonde_esc(const char *s, size_t n)
{
	static const char esc[] = "\a\b\f\n\r\t\v\"\\";
	static const char rep[] = "abfnrtv\"\\";
	char *d = malloc(n * 4 + 1), *p = d;
	size_t i;

	if (!d)
		return NULL;
	for (i = 0; i < n && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *e = c ? strchr(esc, c) : NULL;

		if (e) {
			*p++ = '\\';
			*p++ = rep[e - esc];
		} else if (isprint(c)) {
			*p++ = (char)c;
		} else {
			p += sprintf(p, "\\%03o", c);
		}
	}
	*p = '\0';
	return d;
}

/*
 * One conversion after its '%', parsed by sonde_fmtspec_parse(): the parser
 * the compiler checked the format with, so the two cannot disagree.
 * Returns the characters consumed or -EINVAL.
 */
static int sonde_pf_parse(const char *p, struct sonde_pfspec *sp)
{
	static const char *const mods[] = {
		[SONDE_LEN_HH] = "hh", [SONDE_LEN_H] = "h", [SONDE_LEN_L] = "l",
		[SONDE_LEN_LL] = "ll", [SONDE_LEN_BIGL] = "L", [SONDE_LEN_W] = "w",
	};
	static const struct { uint32_t dc, pf; } flags[] = {
		{ SONDE_FMT_MINUS, PF_LEFT }, { SONDE_FMT_PLUS, PF_SPOS },
		{ SONDE_FMT_SPACE, PF_SPACE }, { SONDE_FMT_HASH, PF_ALT },
		{ SONDE_FMT_ZERO, PF_ZPAD }, { SONDE_FMT_QUOTE, PF_GROUP },
		{ SONDE_FMT_AGG, PF_AGG },
	};
	struct sonde_fmtspec fs;
	size_t i;

	memset(sp, 0, sizeof(*sp));
	if (sonde_fmtspec_parse(p, &fs))
		return -EINVAL;
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		if (fs.flags & flags[i].dc)
			sp->flags |= flags[i].pf;
	}
	if (sp->flags & PF_LEFT)
		sp->flags &= ~PF_ZPAD;	/* C: '-' overrides '0' */
	if (fs.width_star)
		sp->flags |= PF_DYNWIDTH;
	if (fs.prec_star)
		sp->flags |= PF_DYNPREC;
	/* '?': dtrace's pointer-sized width, 16 on a 64-bit kernel */
	sp->width = fs.flags & SONDE_FMT_QMARK ? 16 : fs.width < 0 ? 0 : fs.width;
	sp->prec = fs.prec;
	if (fs.length > 0 && fs.length < (int)(sizeof(mods) / sizeof(mods[0])) &&
	    mods[fs.length])
		snprintf(sp->mod, sizeof(sp->mod), "%s", mods[fs.length]);
	sp->conv = fs.conv;
	return (int)fs.len;
}

/* The C format for @sp with C length modifier @len and conversion @c. */
static void sonde_pf_cfmt(char *f, size_t size, const struct sonde_pfspec *sp,
			  int width, int prec, const char *len, char c)
{
	char *p = f;

	*p++ = '%';
	if (sp->flags & PF_ALT)
		*p++ = '#';
	if (sp->flags & PF_ZPAD)
		*p++ = '0';
	if (width < 0 || (sp->flags & PF_LEFT))
		*p++ = '-';
	if (sp->flags & PF_SPOS)
		*p++ = '+';
	if (sp->flags & PF_GROUP)
		*p++ = '\'';
	if (sp->flags & PF_SPACE)
		*p++ = ' ';
	if (width)
		p += snprintf(p, size - (p - f), "%d", abs(width));
	if (prec > 0)		/* as dt_printf.c: only a positive one */
		p += snprintf(p, size - (p - f), ".%d", prec);
	snprintf(p, size - (p - f), "%s%c", len, c);
}

/* Print one string through a %s-style format built from @sp. */
static void sonde_pf_str(FILE *out, const struct sonde_pfspec *sp, int width,
			 int prec, const char *s)
{
	char f[64];

	sonde_pf_cfmt(f, sizeof(f), sp, width, prec, "", 's');
	fprintf(out, f, s);
}

/* An integer through a C integer conversion, pfprint_sint / _uint. */
static void sonde_pf_int(FILE *out, const struct sonde_pfspec *sp, int width,
			 int prec, uint64_t v, uint32_t size, bool sign, char c)
{
	const char *len = size == 8 ? "ll" : "";
	char f[64];

	if (size != 8 && sp->mod[0] == 'h')
		len = "h";
	sonde_pf_cfmt(f, sizeof(f), sp, width, prec, len, c);
	if (size == 8)
		fprintf(out, f, sign ? (long long)v : (unsigned long long)v);
	else if (sign)
		fprintf(out, f, (int)(int32_t)v);
	else
		fprintf(out, f, (unsigned int)(uint32_t)v);
}

static void sonde_pf_time(FILE *out, const struct sonde_pfspec *sp, int width,
			  int prec, uint64_t ns, bool rfc822)
{
	time_t sec = (time_t)(ns / 1000000000ULL);
	struct tm tm;
	char buf[64];

	localtime_r(&sec, &tm);
	if (rfc822)
		strftime(buf, sizeof(buf), "%a, %d %b %G %T %Z", &tm);
	else
		strftime(buf, sizeof(buf), "%Y %b %e %T", &tm);
	sonde_pf_str(out, sp, width, prec, buf);
}

/* %@ of an aggregation value: pfprint_average / _stddev / histograms. */
static int sonde_pf_aggval(FILE *out, const struct sonde_pfspec *sp,
			   int width, int prec,
			   const struct sonde_agg_desc *ad, const int64_t *val)
{
	struct sonde_fmtarg a;
	int64_t v;
	uint64_t sd;
	char c = sp->conv;

	struct sonde_aggstyle st = { 0 };

	switch (ad->fn) {
	case SONDE_AGG_quantize:
	case SONDE_AGG_lquantize:
	case SONDE_AGG_llquantize:
		/* aggzoom and encoding=utf8 draw these bars too */
		if (sonde_pf_consumer)
			sonde_consumer_aggstyle(sonde_pf_consumer, &st);
		return sonde_print_aggval_style(out, ad, val, val, 1, &st);
	case SONDE_AGG_avg:
		v = sonde_avg(val);
		break;
	case SONDE_AGG_stddev:
		sd = sonde_stddev(val);
		v = (int64_t)sd;
		break;
	default:
		v = val[0];
		break;
	}
	/* count() is uint64_t in D, the others int64_t (dt_printf_validate) */
	a.data = &v;
	a.type.kind = ad->fn == SONDE_AGG_count ? SONDE_DT_UINT : SONDE_DT_INT;
	a.type.size = 8;
	if (c == 'd')
		c = a.type.kind == SONDE_DT_INT ? 'i' : 'u';
	switch (c) {
	case 'i': case 'c':
		sonde_pf_int(out, sp, width, prec, (uint64_t)v, 8, true, 'd');
		break;
	case 'u': case 'x': case 'X': case 'o':
		sonde_pf_int(out, sp, width, prec, (uint64_t)v, 8, false, c);
		break;
	case 'p':
		sonde_pf_int(out, sp, width, prec, (uint64_t)v, 8, false, 'x');
		break;
	case 'e': case 'E': case 'f': case 'g': case 'G': {
		char f[64];

		sonde_pf_cfmt(f, sizeof(f), sp, width, prec, "", c);
		fprintf(out, f, (double)v);
		break;
	}
	default:
		sonde_pf_int(out, sp, width, prec, (uint64_t)v, 8, true, 'd');
		break;
	}
	return 0;
}

/* %a (@user false) and %A: "mod`func+0x1c", or the bare address
 * without symbols. */
static void sonde_pf_addr(char *buf, size_t n, bool user, int pid,
			  uint64_t addr)
{
	if (!sonde_pf_syms)
		snprintf(buf, n, "0x%llx", (unsigned long long)addr);
	else if (user)
		sonde_syms_uaddr(sonde_pf_syms, pid, addr, buf, n);
	else
		sonde_syms_kaddr(sonde_pf_syms, addr, buf, n);
}

/*
 * A sym() (func(), mod(), usym() ...) aggregation key in printa()'s
 * format: %a and %A name its address as those conversions do (the
 * address is already the function's start), %s, %k and the rest as
 * the action names it; integer conversions print the address.
 */
static int sonde_pf_symkey(FILE *out, const struct sonde_pfspec *sp,
			   int width, int prec, const struct sonde_fmtarg *a)
{
	char name[1024];
	int pid;
	uint64_t pc = sonde_symkey_addr(a->type, a->data, &pid);
	uint32_t act = SONDE_DT_SACT(a->type.kind);

	switch (sp->conv) {
	case 'a': case 'A':
		sonde_pf_addr(name, sizeof(name), a->type.size == 16, pid, pc);
		break;
	case 'd': case 'i': case 'u': case 'o': case 'x': case 'X':
	case 'p':
		sonde_pf_int(out, sp, width, prec, pc, 8, false,
			     sp->conv == 'd' || sp->conv == 'i' ? 'u' :
			     sp->conv == 'p' ? 'x' : sp->conv);
		return 0;
	default:
		if (!sonde_pf_syms)
			snprintf(name, sizeof(name), "0x%llx",
				 (unsigned long long)pc);
		else
			sonde_syms_name(sonde_pf_syms, sonde_sym_act_name(act),
					pid, pc, name, sizeof(name));
		break;
	}
	sonde_pf_str(out, sp, width, prec, name);
	return 0;
}

static int sonde_pf_conv(FILE *out, const struct sonde_pfspec *sp, int width,
			 int prec, const struct sonde_fmtarg *a)
{
	bool isint = sonde_arg_is_int(a);
	uint32_t size = isint ? a->type.size : 8;
	char c = sp->conv, f[64], *s, *e;
	uint64_t u = isint ? sonde_arg_uint(a) : 0;
	int64_t v = isint ? sonde_arg_sint(a) : 0;

	/* pfprint_stack(): a stack prints as stack() does, whatever %k */
	if (sonde_dt_is_jstack(a->type))
		return sonde_pf_consumer ?
		       sonde_print_jstack(sonde_pf_consumer, out, a->data,
					  a->type.size, 14) : -EINVAL;
	if (a->type.kind == SONDE_DT_KSTACK || a->type.kind == SONDE_DT_USTACK)
		return sonde_print_stack(out, sonde_pf_syms,
					 a->type.kind == SONDE_DT_USTACK,
					 sonde_pf_upid, a->data,
					 a->type.size / 8, 14);
	if (sonde_dt_is_sym(a->type))
		return sonde_pf_symkey(out, sp, width, prec, a);

	switch (c) {
	case 'd':
		if (a->type.kind == SONDE_DT_UINT)
			sonde_pf_int(out, sp, width, prec, u, size, false, 'u');
		else
			sonde_pf_int(out, sp, width, prec, (uint64_t)v, size,
				     true, 'd');
		return 0;
	case 'i':
		sonde_pf_int(out, sp, width, prec, (uint64_t)v, size, true, 'i');
		return 0;
	case 'c':
		sonde_pf_int(out, sp, width, prec, (uint64_t)v, 4, true, 'c');
		return 0;
	case 'u': case 'o': case 'x': case 'X':
		sonde_pf_int(out, sp, width, prec, u, size, false, c);
		return 0;
	case 'p':
		sonde_pf_int(out, sp, width, prec, u, size, false, 'x');
		return 0;
	case 'e': case 'E': case 'f': case 'g': case 'G':
		sonde_pf_cfmt(f, sizeof(f), sp, width, prec, "", c);
		fprintf(out, f, a->type.kind == SONDE_DT_UINT ?
			(double)u : (double)v);
		return 0;
	case 'a': case 'A':
		/* pfprint_addr(): dtrace_addr2str(), a kernel symbol;
		 * pfprint_uaddr(): dtrace_uaddr2str() in $target */
		sonde_pf_addr(f, sizeof(f), c == 'A', sonde_pf_upid, u);
		sonde_pf_str(out, sp, width, prec, f);
		return 0;
	case 'Y': case 'T':
		sonde_pf_time(out, sp, width, prec, u, c == 'T');
		return 0;
	case 'C':
		f[0] = (char)v;
		e = sonde_esc(f, 1);
		if (!e)
			return -ENOMEM;
		sonde_pf_str(out, sp, width, prec, e);
		free(e);
		return 0;
	case 's': case 'S': case 'I': case 'P':
	default:
		s = sonde_arg_str(a);
		if (!s)
			return -ENOMEM;
		if (c == 'S') {
			e = sonde_esc(s, strlen(s));
			free(s);
			if (!e)
				return -ENOMEM;
			s = e;
		}
		sonde_pf_str(out, sp, width, prec, s);
		free(s);
		return 0;
	}
}

int sonde_format(FILE *out, const char *fmt, const struct sonde_fmtarg *args,
		 uint32_t nargs, const struct sonde_agg_desc *aggd,
		 const int64_t *aggval)
{
	return sonde_format_aggs(out, fmt, args, nargs, &aggd, &aggval,
				 aggd && aggval ? 1 : 0);
}

int sonde_format_aggs(FILE *out, const char *fmt,
		      const struct sonde_fmtarg *args, uint32_t nargs,
		      const struct sonde_agg_desc *const *aggds,
		      const int64_t *const *aggvals, uint32_t naggvals)
{
	const char *p = fmt, *q;
	struct sonde_pfspec sp;
	uint32_t used = 0, usedagg = 0;
	int n, err, width, prec;

	while (*p) {
		q = strchr(p, '%');
		if (!q) {
			fputs(p, out);
			break;
		}
		fwrite(p, 1, q - p, out);
		if (q[1] == '%') {
			fputc('%', out);
			p = q + 2;
			continue;
		}
		n = sonde_pf_parse(q + 1, &sp);
		if (n < 0)
			return n;
		p = q + 1 + n;
		width = sp.width;
		prec = sp.prec;
		if (sp.flags & PF_DYNWIDTH) {
			if (used >= nargs)
				return -EINVAL;
			width = (int)sonde_arg_sint(&args[used++]);
		}
		if (sp.flags & PF_DYNPREC) {
			if (used >= nargs)
				return -EINVAL;
			prec = (int)sonde_arg_sint(&args[used++]);
		}
		if (sp.flags & PF_AGG) {
			/* each %@ takes the next aggregation's value */
			if (usedagg >= naggvals)
				return -EINVAL;
			err = sonde_pf_aggval(out, &sp, width, prec,
					      aggds[usedagg], aggvals[usedagg]);
			usedagg++;
		} else {
			if (used >= nargs)
				return -EINVAL;
			err = sonde_pf_conv(out, &sp, width, prec,
					    &args[used++]);
		}
		if (err)
			return err;
	}
	if (ferror(out))
		return -EIO;
	return (int)used;
}
