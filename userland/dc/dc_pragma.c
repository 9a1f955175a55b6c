// SPDX-License-Identifier: GPL-2.0
/*
 * dc_pragma.c - the one option table: every option DTrace documents
 * (libdtrace's compile-time, run-time and dynamic run-time tables, and
 * the options Oracle's DTrace added), each acting as in DTrace or, where
 * Linux or sonde has nothing like it, accepted with its value checked and
 * ignored (dc_options[].ignored says why; sonde(8) lists them from this
 * table).  Kernel options (SONDE_KOPTS) are range checked, sizes take
 * k/m/g/t suffixes up to the kernel's limits (LOAD lowers what the
 * host's memory cannot have), rates
 * ns/us/ms/s/m/h/d or hz, booleans DTrace's words (a number sets one, as dt_opt_runtime()).  Used
 * by "#pragma D option" in scripts and, through dc_setopt() /
 * dc_program_setopt(), by the CLI's -x, -q, -b and -w.  Userland only.
 */
#include <ctype.h>
#include <stddef.h>
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dc_impl.h"

/* What an option is, and what it sets. */
#define DC_OPT_KOPT	0	/* SONDE_KOPTS[arg], [min, max] */
#define DC_OPT_BOOL	1	/* bool at uopts + arg */
#define DC_OPT_RATE	2	/* uint64_t ns at uopts + arg */
#define DC_OPT_UINT	3	/* uint32_t at uopts + arg, [min, max] */
#define DC_OPT_INT	4	/* int at uopts + arg, [min, max] */
#define DC_OPT_CPP	5	/* the preprocessor: arg DC_CPP_* */
#define DC_OPT_ENV	6	/* setenv / unsetenv for -c */
#define DC_OPT_IGNORED	7	/* checked (values), ignored */
#define DC_OPT_BUFRESIZE 8	/* auto | manual */
#define DC_OPT_VERSION	9	/* the D version asked for */
#define DC_OPT_USIZE	10	/* uint32_t bytes at uopts + arg, [min, max],
				 * k/m suffixes, rounded up to 8 */
#define DC_OPT_ENCODING	11	/* ascii | utf8: uint8_t SONDE_ENCODING_* at
				 * uopts + arg */

#define DC_CPP_ON	0	/* cpp: run it (-C) */
#define DC_CPP_DEFINE	1	/* define=NAME[=VAL] (-D) */
#define DC_CPP_UNDEF	2	/* undef=NAME (-U) */
#define DC_CPP_INCDIR	3	/* incdir=DIR (-I) */
#define DC_CPP_HDRS	4	/* cpphdrs (-H) */
#define DC_CPP_PATH	5	/* cpppath=FILE */
#define DC_CPP_ARGS	6	/* cppargs="..." (Oracle's) */

#define UO(f)	offsetof(struct sonde_uopts, f)

static const struct dc_option {
	const char *name;
	uint8_t kind;
	uint32_t arg;
	uint64_t min, max;
	const char *values;	/* the values accepted, '|' between, or NULL */
	const char *ignored;	/* why sonde ignores it, or NULL */
} dc_options[] = {
	/* compile-time options */
	{ "aggpercpu", DC_OPT_BOOL, UO(aggpercpu), 0, 0, NULL, NULL },
	{ "amin", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde does not check stability attributes against a minimum" },
	{ "argref", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde never requires every macro argument to be referenced" },
	{ "core", DC_OPT_IGNORED, 0, 0, 0, NULL, "no core files of sonde" },
	{ "cpp", DC_OPT_CPP, DC_CPP_ON, 0, 0, NULL, NULL },
	{ "cppargs", DC_OPT_CPP, DC_CPP_ARGS, 0, 0, NULL, NULL },
	{ "cpphdrs", DC_OPT_CPP, DC_CPP_HDRS, 0, 0, NULL, NULL },
	{ "cpppath", DC_OPT_CPP, DC_CPP_PATH, 0, 0, NULL, NULL },
	{ "ctfpath", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde reads no CTF archive" },
	{ "ctypes", DC_OPT_IGNORED, 0, 0, 0, NULL, "no CTF type dumps" },
	{ "debug", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "libdtrace's debug log has no sonde equivalent" },
	{ "debugassert", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "libdtrace's debug log has no sonde equivalent" },
	{ "defaultargs", DC_OPT_BOOL, UO(defaultargs), 0, 0, NULL, NULL },
	{ "define", DC_OPT_CPP, DC_CPP_DEFINE, 0, 0, NULL, NULL },
	{ "disasm", DC_OPT_IGNORED, 0, 0, 0, NULL, "use -S" },
	{ "dofstashpath", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde keeps no DOF" },
	{ "droptags", DC_OPT_BOOL, UO(droptags), 0, 0, NULL, NULL },
	{ "dtypes", DC_OPT_IGNORED, 0, 0, 0, NULL, "no D type dumps" },
	{ "empty", DC_OPT_BOOL, UO(empty), 0, 0, NULL, NULL },
	{ "encoding", DC_OPT_ENCODING, UO(encoding), 0, 0, "ascii|utf8",
	  NULL },
	{ "errtags", DC_OPT_BOOL, UO(errtags), 0, 0, NULL,
	  "sonde always prints the error tags" },
	{ "evaltime", DC_OPT_IGNORED, 0, 0, 0, "exec|preinit|postinit|main",
	  "-c processes are traced from their exec" },
	{ "incdir", DC_OPT_CPP, DC_CPP_INCDIR, 0, 0, NULL, NULL },
	{ "iregs", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "the VM has 16 registers" },
	{ "kdefs", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "kernel symbols are not names in D" },
	{ "knodefs", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "kernel symbols are not names in D" },
	{ "late", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "no late binding of translators" },
	{ "lazyload", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde loads no D libraries" },
	{ "ldpath", DC_OPT_IGNORED, 0, 0, 0, NULL, "-G runs cc" },
	{ "libdir", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde has no D libraries" },
	{ "linkmode", DC_OPT_IGNORED, 0, 0, 0, "kernel|dynamic|static",
	  "-G links no DOF" },
	{ "linknommap", DC_OPT_IGNORED, 0, 0, 0, NULL, "-G links no DOF" },
	{ "linktype", DC_OPT_IGNORED, 0, 0, 0, "elf|dof", "-G links no DOF" },
	{ "mangled", DC_OPT_BOOL, UO(mangled), 0, 0, NULL, NULL },
	{ "modpath", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "kernel modules are found by the kernel" },
	{ "nolibs", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde has no D libraries" },
	{ "pgmax", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde grabs only the -c and -p processes" },
	{ "preallocate", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde allocates every buffer at LOAD anyway" },
	{ "procfspath", DC_OPT_IGNORED, 0, 0, 0, NULL, "/proc is /proc" },
	{ "pspec", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "-n arguments are always probe specifiers" },
	{ "setenv", DC_OPT_ENV, 1, 0, 0, NULL, NULL },
	{ "stdc", DC_OPT_IGNORED, 0, 0, 0, "a|c|s|t",
	  "cpp's ISO C mode cannot be chosen (as -X)" },
	{ "strip", DC_OPT_IGNORED, 0, 0, 0, NULL, "-G makes no DOF to strip" },
	{ "syslibdir", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde has no D libraries" },
	{ "sysslice", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "no systemd slice for sonde" },
	{ "tree", DC_OPT_IGNORED, 0, 0, 0, NULL, "no parse tree dumps" },
	{ "tregs", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "the VM builds tuples in registers" },
	{ "udefs", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "user symbols are not names in D" },
	{ "undef", DC_OPT_CPP, DC_CPP_UNDEF, 0, 0, NULL, NULL },
	{ "unodefs", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "user symbols are not names in D" },
	{ "unsetenv", DC_OPT_ENV, 0, 0, 0, NULL, NULL },
	{ "useruid", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde runs as root" },
	{ "verbose", DC_OPT_IGNORED, 0, 0, 0, NULL, "use -S" },
	{ "version", DC_OPT_VERSION, 0, 0, 0, NULL, NULL },
	{ "zdefs", DC_OPT_BOOL, UO(zdefs), 0, 0, NULL, NULL },
	/* run-time options */
	{ "bpflog", DC_OPT_IGNORED, 0, 0, 0, NULL, "sonde makes no BPF" },
	{ "bpflogsize", DC_OPT_IGNORED, 0, 0, 0, NULL, "sonde makes no BPF" },
	{ "bufresize", DC_OPT_BUFRESIZE, 0, 0, 0, "auto|manual", NULL },
	{ "cleanrate", DC_OPT_RATE, UO(cleanrate_ns), 0, 0, NULL,
	  "sonde frees dynamic variables as they are deleted, with no cleaner" },
	{ "grabanon", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "the anonymous state is claimed with -a" },
	{ "jstackframes", DC_OPT_UINT, UO(jstackframes), 1, DC_STACKFRAMES_MAX,
	  NULL, NULL },
	{ "jstackstrsize", DC_OPT_USIZE, UO(jstackstrsize), 8,
	  SONDE_JSTACK_MAXSTR, NULL, NULL },
	{ "lockmem", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "sonde locks no user memory" },
	{ "maxframes", DC_OPT_UINT, UO(maxframes), 1, DC_STACKFRAMES_MAX,
	  NULL, NULL },
	{ "noresolve", DC_OPT_BOOL, UO(noresolve), 0, 0, NULL, NULL },
	{ "pcapsize", DC_OPT_IGNORED, 0, 0, 0, NULL, "no pcap() action" },
	{ "stackframes", DC_OPT_UINT, UO(stackframes), 1, DC_STACKFRAMES_MAX,
	  NULL, NULL },
	{ "statusrate", DC_OPT_RATE, UO(statusrate_ns), 0, 0, NULL, NULL },
	{ "temporal", DC_OPT_BOOL, UO(temporal), 0, 0, NULL,
	  "records print CPU by CPU within each drain, BEGIN's CPU first and END's last" },
	{ "ustackframes", DC_OPT_UINT, UO(ustackframes), 1, DC_STACKFRAMES_MAX,
	  NULL, NULL },
	/* dynamic run-time options */
	{ "agghist", DC_OPT_BOOL, UO(agghist), 0, 0, NULL, NULL },
	{ "aggpack", DC_OPT_BOOL, UO(aggpack), 0, 0, NULL, NULL },
	{ "aggrate", DC_OPT_RATE, UO(aggrate_ns), 0, 0, NULL, NULL },
	{ "aggsortkey", DC_OPT_BOOL, UO(aggsortkey), 0, 0, NULL, NULL },
	{ "aggsortkeypos", DC_OPT_INT, UO(aggsortkeypos), 0, INT32_MAX, NULL,
	  NULL },
	{ "aggsortpos", DC_OPT_INT, UO(aggsortpos), 0, INT32_MAX, NULL, NULL },
	{ "aggsortrev", DC_OPT_BOOL, UO(aggsortrev), 0, 0, NULL, NULL },
	{ "aggzoom", DC_OPT_BOOL, UO(aggzoom), 0, 0, NULL, NULL },
	{ "flowindent", DC_OPT_BOOL, UO(flowindent), 0, 0, NULL, NULL },
	{ "printsize", DC_OPT_IGNORED, 0, 0, 0, NULL,
	  "print() records the whole object, at most 65535 bytes" },
	{ "quiet", DC_OPT_BOOL, UO(quiet), 0, 0, NULL, NULL },
	{ "quietresize", DC_OPT_BOOL, UO(quietresize), 0, 0, NULL, NULL },
	{ "rawbytes", DC_OPT_BOOL, UO(rawbytes), 0, 0, NULL, NULL },
	{ "stackindent", DC_OPT_UINT, UO(stackindent), 0, 1024, NULL, NULL },
	{ "switchrate", DC_OPT_RATE, UO(switchrate_ns), 0, 0, NULL, NULL },
	/* the kernel's options (run-time), their ranges from the ABI */
#define DC_KOPT_ROW_(name, id, def, lo, hi)				\
	{ #name, DC_OPT_KOPT, SONDE_OPT_##name, lo, hi, NULL, NULL },
	SONDE_KOPTS(DC_KOPT_ROW_)
#undef DC_KOPT_ROW_
};

void dc_uopts_default(struct sonde_uopts *u)
{
	memset(u, 0, sizeof(*u));
	u->switchrate_ns = 1000000000ULL;
	u->aggrate_ns = 1000000000ULL;
	u->statusrate_ns = 1000000000ULL;
	u->cleanrate_ns = 1000000000ULL / 101;	/* DTrace's 101 hz */
	u->stackframes = DC_STACKFRAMES_DEFAULT;
	u->ustackframes = DC_USTACKFRAMES_DEFAULT;
	u->jstackframes = DC_JSTACKFRAMES_DEFAULT;
	u->maxframes = DC_STACKFRAMES_MAX;
	u->jstackstrsize = DC_JSTACKSTRSIZE_DEFAULT;
	u->stackindent = 14;
	u->errtags = true;
}

unsigned int dc_option_count(void)
{
	return sizeof(dc_options) / sizeof(dc_options[0]);
}

const char *dc_option_name(unsigned int i, const char **ignored)
{
	if (i >= dc_option_count())
		return NULL;
	if (ignored)
		*ignored = dc_options[i].ignored;
	return dc_options[i].name;
}

/* dt_optval_parse(): "4m", "65536", "1g"; false if malformed. */
static bool parse_size(const char *s, uint64_t *v)
{
	char *end;
	uint64_t n, mul = 1;

	if (!s || !isdigit((unsigned char)*s))
		return false;
	errno = 0;
	n = strtoull(s, &end, 0);
	if (errno)
		return false;
	switch (tolower((unsigned char)*end)) {
	case 'k': mul = 1ULL << 10; end++; break;
	case 'm': mul = 1ULL << 20; end++; break;
	case 'g': mul = 1ULL << 30; end++; break;
	case 't': mul = 1ULL << 40; end++; break;
	}
	if (*end || (n && mul > UINT64_MAX / n))
		return false;
	*v = n * mul;
	return true;
}

/* dt_opt_rate(): a number with ns/us/ms/s/m/h/d or hz (bare: hz). */
static bool parse_rate(const char *s, uint64_t *ns)
{
	static const struct {
		const char *sfx;
		uint64_t mul;	/* 0: a frequency */
	} sfx[] = {
		{ "ns", 1 }, { "nsec", 1 }, { "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 },
		{ "s", 1000000000ULL }, { "sec", 1000000000ULL },
		{ "m", 60000000000ULL }, { "min", 60000000000ULL },
		{ "h", 3600000000000ULL }, { "hour", 3600000000000ULL },
		{ "d", 86400000000000ULL }, { "day", 86400000000000ULL },
		{ "hz", 0 }, { "", 0 },
	};
	char *end;
	uint64_t n;
	size_t i;

	if (!s || !isdigit((unsigned char)*s))
		return false;
	errno = 0;
	n = strtoull(s, &end, 10);
	if (errno)
		return false;
	for (i = 0; i < sizeof(sfx) / sizeof(sfx[0]); i++) {
		if (strcasecmp(end, sfx[i].sfx))
			continue;
		if (!sfx[i].mul) {
			if (!n)
				return false;
			*ns = 1000000000ULL / n;
		} else {
			if (n > UINT64_MAX / sfx[i].mul)
				return false;
			*ns = n * sfx[i].mul;
		}
		return true;
	}
	return false;
}

/*
 * dt_opt_runtime()'s booleans: no value, a number or yes / enable /
 * enabled / true / on / set set it (even "0", as in DTrace), "" and their
 * opposites unset it.
 */
static bool parse_bool(const char *s, bool *v)
{
	static const char *const yes[] = { "yes", "enable", "enabled", "true",
					   "on", "set" };
	static const char *const no[] = { "no", "disable", "disabled", "false",
					  "off", "unset" };
	size_t i;
	char *end;

	*v = true;
	if (!s)
		return true;
	if (!*s) {
		*v = false;
		return true;
	}
	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (!strcasecmp(s, yes[i]))
			return true;
		if (!strcasecmp(s, no[i])) {
			*v = false;
			return true;
		}
	}
	if (*s == '-')
		return false;
	errno = 0;
	strtoull(s, &end, 0);
	return !*end && !errno;
}

/* Is @value one of @values ("a|b|c")? */
static bool dc_opt_oneof(const char *values, const char *value)
{
	size_t n = strlen(value);
	const char *p = values;

	while (*p) {
		size_t k = strcspn(p, "|");

		if (k == n && !strncmp(p, value, n))
			return true;
		p += k + (p[k] == '|');
	}
	return false;
}

/*
 * What the kernel's value of option @o adds to D's: strsize, 1.  Linux
 * dtrace's strsize is the most characters a string keeps (strsize=5 keeps
 * "abcde"), and its tests count on it; illumos' counted the NUL too.  The
 * kernel's strsize is the bytes of a string with its NUL.
 */
static uint64_t dc_kopt_bias(const struct dc_option *o)
{
	return o->kind == DC_OPT_KOPT && o->arg == SONDE_OPT_strsize;
}

/* A kernel option's value: sizes, bufpolicy by name, deadman as a time,
 * destructive as a boolean, cpu by number. */
static int dc_opt_kopt(struct sonde_kopt_set *kopts, const struct dc_option *o,
		       const char *value, char *err, size_t errsz)
{
	static const struct {
		const char *name;
		uint64_t v;
	} policies[] = {
		{ "switch", SONDE_BUFPOLICY_SWITCH },
		{ "fill", SONDE_BUFPOLICY_FILL },
		{ "ring", SONDE_BUFPOLICY_RING },
	};
	uint64_t v = 0, max = o->max;
	size_t i;
	bool b;

	switch ((enum sonde_kopt)o->arg) {
	case SONDE_OPT_bufpolicy:
		if (value && !isdigit((unsigned char)*value)) {
			for (i = 0; i < sizeof(policies) / sizeof(policies[0]);
			     i++)
				if (!strcmp(value, policies[i].name))
					break;
			if (i == sizeof(policies) / sizeof(policies[0]))
				return -EINVAL;
			v = policies[i].v;
		} else if (!value || !parse_size(value, &v)) {
			return -EINVAL;
		}
		break;
	case SONDE_OPT_deadman:
		/* a time: "10s", "500ms", "1m" (a bare number: ms) */
		if (!value || !isdigit((unsigned char)*value))
			return -EINVAL;
		if (value[strspn(value, "0123456789")]) {
			if (!parse_rate(value, &v) ||
			    !strcasecmp(value + strspn(value, "0123456789"),
					"hz"))
				return -EINVAL;
			v /= 1000000;
		} else if (!parse_size(value, &v)) {
			return -EINVAL;
		}
		break;
	case SONDE_OPT_destructive:
		if (!parse_bool(value, &b))
			return -EINVAL;
		v = b;
		break;
	case SONDE_OPT_cpu:
		/* the CPU to trace on, as the kernel keeps it: its id + 1 */
		if (!value || !parse_size(value, &v) || v >= max)
			goto range;
		v++;
		break;
	case SONDE_OPT_bufsize:
	case SONDE_OPT_aggsize:
	case SONDE_OPT_strsize:
	case SONDE_OPT_dynvarsize:
	case SONDE_OPT_nspec:
	case SONDE_OPT_specsize:
	case SONDE_OPT_scratchsize:
		if (!value) {
			snprintf(err, errsz, "option %s requires a value",
				 o->name);
			return -EINVAL;
		}
		if (!parse_size(value, &v))
			return -EINVAL;
		/* sizes: up to the kernel's limit; LOAD lowers what the
		 * host's memory cannot have (bufresize=auto) */
		break;
	case SONDE_NKOPTS:
		return -ENOENT;
	}
	/* D's strsize counts characters, the kernel's the NUL too */
	if (v > UINT64_MAX - dc_kopt_bias(o) ||
	    (v + dc_kopt_bias(o) < o->min && !sonde_kopt_raised(o->arg)) ||
	    v + dc_kopt_bias(o) > max)
		goto range;
	kopts[o->arg].set = true;
	kopts[o->arg].value = v + dc_kopt_bias(o);
	return 0;
range:
	snprintf(err, errsz, "option %s: value %s is out of range [%llu, %llu]",
		 o->name, value ? value : "1",
		 (unsigned long long)(sonde_kopt_raised(o->arg) ? 0 :
				      o->min - dc_kopt_bias(o)),
		 (unsigned long long)(o->arg == SONDE_OPT_cpu ? max - 1 :
				      max - dc_kopt_bias(o)));
	return -ERANGE;
}

/* The preprocessor's options: into the handle, for the next compile. */
static int dc_opt_cpp(struct dc *dc, const struct dc_option *o,
		      const char *value)
{
	static const char *const flag[] = {
		[DC_CPP_DEFINE] = "-D", [DC_CPP_UNDEF] = "-U",
		[DC_CPP_INCDIR] = "-I",
	};
	char *a;
	bool b;

	switch (o->arg) {
	case DC_CPP_ON:
	case DC_CPP_HDRS:
		if (!parse_bool(value, &b))
			return -EINVAL;
		if (!dc)
			return 0;
		if (o->arg == DC_CPP_ON)
			dc->cpp = b;
		else
			dc->cpphdrs = b;
		return 0;
	case DC_CPP_PATH:
		if (!value || !*value)
			return -EINVAL;
		if (!dc)
			return 0;
		a = strdup(value);
		if (!a)
			return -ENOMEM;
		free(dc->cpppath);
		dc->cpppath = a;
		return 0;
	}
	if (!value || !*value)
		return -EINVAL;
	if (!dc)
		return 0;	/* in a script: too late for cpp, as DTrace */
	if (dc->ncppargs + 1 >= DC_MAX_CPPARGS)
		return -E2BIG;
	if (o->arg == DC_CPP_ARGS) {
		a = strdup(value);
	} else {
		a = malloc(strlen(value) + 3);
		if (a)
			sprintf(a, "%s%s", flag[o->arg], value);
	}
	if (!a)
		return -ENOMEM;
	dc->cppargs[dc->ncppargs++] = a;
	dc->cppargs[dc->ncppargs] = NULL;
	return 0;
}

int dc_opt_apply(struct dc *dc, struct sonde_kopt_set *kopts,
		 struct sonde_uopts *u, const char *name, const char *value,
		 char *err, size_t errsz)
{
	const struct dc_option *o = NULL;
	char envname[128], *eq;
	uint64_t v;
	size_t i;
	char *end;
	bool b;
	long l;
	int rc;

	err[0] = '\0';
	for (i = 0; i < dc_option_count() && !o; i++)
		if (!strcmp(dc_options[i].name, name))
			o = &dc_options[i];
	if (!o) {
		snprintf(err, errsz, "invalid option name: %s", name);
		return -ENOENT;
	}
	switch (o->kind) {
	case DC_OPT_KOPT:
		rc = dc_opt_kopt(kopts, o, value, err, errsz);
		if (rc != -EINVAL || err[0])
			return rc;
		goto bad;
	case DC_OPT_BOOL:
		if (!parse_bool(value, &b))
			goto bad;
		*(bool *)((char *)u + o->arg) = b;
		return 0;
	case DC_OPT_RATE:
		if (!parse_rate(value, &v) || !v)
			goto bad;
		*(uint64_t *)((char *)u + o->arg) = v;
		return 0;
	case DC_OPT_UINT:
	case DC_OPT_INT:
		if (!value || !*value)
			goto bad;
		errno = 0;
		l = strtol(value, &end, 0);
		if (*end || errno)
			goto bad;
		if (l < (long)o->min || (uint64_t)l > o->max) {
			snprintf(err, errsz,
				 "option %s: value %ld is out of range [%llu, %llu]",
				 name, l, (unsigned long long)o->min,
				 (unsigned long long)o->max);
			return -ERANGE;
		}
		if (o->kind == DC_OPT_UINT)
			*(uint32_t *)((char *)u + o->arg) = (uint32_t)l;
		else
			*(int *)((char *)u + o->arg) = (int)l;
		return 0;
	case DC_OPT_USIZE:
		if (!parse_size(value, &v))
			goto bad;
		if (v < o->min || v > o->max) {
			snprintf(err, errsz,
				 "option %s: value %s is out of range [%llu, %llu]",
				 name, value, (unsigned long long)o->min,
				 (unsigned long long)o->max);
			return -ERANGE;
		}
		*(uint32_t *)((char *)u + o->arg) = (uint32_t)((v + 7) & ~7ULL);
		return 0;
	case DC_OPT_CPP:
		rc = dc_opt_cpp(dc, o, value);
		if (rc == -EINVAL)
			goto bad;
		return rc;
	case DC_OPT_ENV:
		/* for the -c processes, which inherit this environment */
		if (!value || !*value || (o->arg && !strchr(value, '=')))
			goto bad;
		if (!o->arg)
			return unsetenv(value) ? -EINVAL : 0;
		eq = strchr(value, '=');
		if ((size_t)(eq - value) >= sizeof(envname))
			goto bad;
		memcpy(envname, value, eq - value);
		envname[eq - value] = '\0';
		return setenv(envname, eq + 1, 1) ? -EINVAL : 0;
	case DC_OPT_BUFRESIZE:
		if (!value || !dc_opt_oneof(o->values, value))
			goto bad;
		u->bufresize_manual = !strcmp(value, "manual");
		return 0;
	case DC_OPT_ENCODING:
		if (!value || !dc_opt_oneof(o->values, value))
			goto bad;
		*((uint8_t *)u + o->arg) = !strcmp(value, "utf8") ?
					   SONDE_ENCODING_UTF8 :
					   SONDE_ENCODING_ASCII;
		return 0;
	case DC_OPT_VERSION:
		/* D 1.0 .. 1.13 (illumos, Oracle); sonde speaks the latest */
		if (!value || strncmp(value, "1.", 2) ||
		    !isdigit((unsigned char)value[2]) ||
		    strtol(value + 2, &end, 10) > 13 ||
		    (*end && (*end != '.' || !isdigit((unsigned char)end[1]))))
			goto bad;
		return 0;
	case DC_OPT_IGNORED:
		if (o->values && (!value || !dc_opt_oneof(o->values, value)))
			goto bad;
		return 0;
	}
bad:
	snprintf(err, errsz, "option %s: invalid value '%s'", name,
		 value ? value : "");
	return -EINVAL;
}

/* dtrace_errmsg() of what dc_opt_apply() returned. */
const char *dc_option_strerror(int rc)
{
	switch (rc) {
	case -ENOENT:
		return "Invalid option name";
	case -EINVAL:
	case -ERANGE:
		return "Invalid value for specified option";
	case -E2BIG:
		return "Too many preprocessor options";
	}
	return strerror(-rc);
}

int dc_setopt(struct dc *dc, const char *name, const char *value)
{
	char err[192];

	return dc_opt_apply(dc, dc->kopts, &dc->uopts, name, value, err,
			    sizeof(err));
}

const struct sonde_uopts *dc_uopts(const struct dc *dc)
{
	return &dc->uopts;
}

int dc_program_setopt(struct sonde_program *p, const char *name,
		      const char *value)
{
	char err[192];

	return dc_opt_apply(NULL, p->kopts, &p->uopts, name, value, err,
			    sizeof(err));
}

/* The next word of a pragma line, NUL-terminated into @buf. */
static const char *word(const char *p, const char *end, char *buf,
			size_t size)
{
	size_t n = 0;
	const char *c;

	/* blanks and comments (dt_lex.l allows them in a control line) */
	for (;;) {
		while (p < end && isspace((unsigned char)*p))
			p++;
		if (end - p >= 2 && p[0] == '/' && p[1] == '/')
			p = end;
		if (end - p < 2 || p[0] != '/' || p[1] != '*')
			break;
		for (c = p + 2; c + 1 < end && (c[0] != '*' || c[1] != '/');
		     c++)
			;
		p = c + 1 < end ? c + 2 : end;
	}
	while (p < end && !isspace((unsigned char)*p) &&
	       (end - p < 2 || p[0] != '/' || (p[1] != '*' && p[1] != '/'))) {
		if (n + 1 < size)
			buf[n++] = *p;
		p++;
	}
	buf[n] = 0;
	return p;
}

/* One of dtrace_str2attr()'s names: a stability level or a dependency
 * class. */
static bool attr_name_ok(const char *s, size_t n)
{
	static const char *const names[] = {
		"Internal", "Private", "Obsolete", "External", "Unstable",
		"Evolving", "Stable", "Standard",
		"Unknown", "CPU", "Platform", "Group", "ISA", "Common",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && !strncasecmp(names[i], s, n))
			return true;
	return false;
}

/* "name/data/class" attributes, dtrace_str2attr(): up to three names,
 * each a stability or a class, separated by '/'. */
static bool attrs_ok(const char *s)
{
	const char *e;
	int fields = 0;

	do {
		e = strchr(s, '/');
		if (!attr_name_ok(s, e ? (size_t)(e - s) : strlen(s)) ||
		    ++fields > 3)
			return false;
		s = e ? e + 1 : NULL;
	} while (s);
	return true;
}

/* "major.minor[.micro]", dt_version_str2num(), quotes included. */
static bool version_ok(const char *s)
{
	size_t n = strlen(s);
	int parts = 0;

	if (n < 3 || s[0] != '"' || s[n - 1] != '"')
		return false;
	for (s++; *s != '"'; s++) {
		if (!isdigit((unsigned char)*s))
			return false;
		while (isdigit((unsigned char)*s))
			s++;
		parts++;
		if (*s != '.')
			break;
	}
	return *s == '"' && parts >= 2 && parts <= 3;
}

/*
 * #pragma D attributes and binding (dt_pragma_attributes(),
 * dt_pragma_binding()): checked as DTrace checks them; they set an
 * identifier's stability and version, which sonde's programs do not act
 * on, so nothing more.
 */
static void pragma_attrs(struct dc_cc *cc, const char *w, const char *p,
			 const char *end, uint32_t line, uint32_t col)
{
	char a[256], id[256], pname[256], part[256];
	bool binding = !strcmp(w, "binding");

	p = word(p, end, a, sizeof(a));
	p = word(p, end, id, sizeof(id));
	if (!a[0] || !id[0] || (binding && a[0] != '"') ||
	    (!binding && a[0] == '"') || id[0] == '"') {
		dc_error(cc, "D_PRAGMA_MALFORM", line, col,
			 binding ? "malformed #pragma %s \"version\" <ident>" :
			 "malformed #pragma %s <attributes> <ident>", w);
		return;
	}
	if (binding ? !version_ok(a) : !attrs_ok(a)) {
		dc_error(cc, "D_PRAGMA_INVAL", line, col,
			 binding ? "invalid version string specified by #pragma %s" :
			 "invalid attributes specified by #pragma %s", w);
		return;
	}
	if (binding || strcmp(id, "provider"))
		return;
	p = word(p, end, pname, sizeof(pname));
	word(p, end, part, sizeof(part));
	if (strcmp(part, "provider") && strcmp(part, "module") &&
	    strcmp(part, "function") && strcmp(part, "name") &&
	    strcmp(part, "args"))
		/* DTrace names the provider as the component, and the
		 * component as the provider: its message, as it is */
		dc_error(cc, "D_PRAGMA_INVAL", line, col,
			 "invalid component \"%s\" in attribute #pragma for provider %s",
			 pname, part);
}

/*
 * #pragma D depends_on CLASS NAME (dt_pragma_depends()): the program
 * needs provider NAME (the kernel's listing has it, asked through
 * opts->provider_exists), module NAME (its BTF: the kernel's or a loaded
 * module's types) or, in a D library, library NAME (a file of the
 * library folders; they load in name order).  A main program may not
 * depend on a library.
 */
static void pragma_depends(struct dc_cc *cc, const char *p, const char *end,
			   uint32_t line, uint32_t col)
{
	const struct dc_opts *o = cc->opts;
	char cls[256], name[256], path[4096];
	int found = 1, i;

	p = word(p, end, cls, sizeof(cls));
	word(p, end, name, sizeof(name));
	if (!cls[0] || !name[0] || cls[0] == '"' || name[0] == '"') {
		dc_error(cc, "D_PRAGMA_MALFORM", line, col,
			 "malformed #pragma depends_on <class> <name>");
		return;
	}
	if (!strcmp(cls, "provider")) {
		if (o && o->sz >= offsetof(struct dc_opts, provider_arg) +
		    sizeof(o->provider_arg) && o->provider_exists)
			found = o->provider_exists(o->provider_arg, name) != 0;
	} else if (!strcmp(cls, "module")) {
		found = dc_btf_objexists(cc, name);
	} else if (!strcmp(cls, "library")) {
		if (!cc->in_lib) {
			dc_error(cc, "D_PRAGMA_DEPEND", line, col,
				 "main program may not explicitly depend on a library");
			return;
		}
		found = 0;
		for (i = 0; o && o->libdirs && o->libdirs[i] && !found; i++) {
			snprintf(path, sizeof(path), "%s/%s", o->libdirs[i],
				 name);
			found = !access(path, R_OK);
		}
		if (!found) {
			dc_error(cc, "D_PRAGMA_DEPEND", line, col,
				 "program requires library \"%s\" which failed to load",
				 name);
			return;
		}
	} else {
		dc_error(cc, "D_PRAGMA_INVAL", line, col,
			 "invalid class %s specified by #pragma depends_on",
			 cls);
		return;
	}
	if (!found)
		dc_error(cc, "D_PRAGMA_DEPEND", line, col,
			 "program requires %s %s", cls, name);
}

/*
 * #pragma error, #pragma D error (dt_pragma_error()): an error whose
 * message is the line's identifiers and strings, each followed by a
 * blank.
 */
static void pragma_error(struct dc_cc *cc, const char *p, const char *end,
			 uint32_t line, uint32_t col)
{
	char msg[1024], w[256];
	size_t n = 0, l;

	msg[0] = 0;
	for (;;) {
		while (p < end && isspace((unsigned char)*p))
			p++;
		if (p < end && *p == '"') {
			/* a string: its characters, blanks and all */
			const char *q = memchr(p + 1, '"', (size_t)(end - p - 1));

			l = (size_t)((q ? q : end) - (p + 1));
			if (l >= sizeof(w))
				l = sizeof(w) - 1;
			memcpy(w, p + 1, l);
			w[l] = 0;
			p = q ? q + 1 : end;
		} else {
			p = word(p, end, w, sizeof(w));
			if (!w[0])
				break;
			if (!isalpha((unsigned char)w[0]) && w[0] != '_')
				continue;	/* not an identifier */
		}
		n += snprintf(msg + n, sizeof(msg) - n, "%s ", w);
		if (n >= sizeof(msg))
			break;
	}
	dc_error(cc, "D_PRAGERR", line, col, "#error: %s", msg);
}

void dc_pragma(struct dc_cc *cc, const char *text, size_t len,
	       uint32_t line, uint32_t col)
{
	const char *p = text, *end = text + len;
	char w[256], extra[256], err[192];
	char *eq;
	int rc;

	p = word(p, end, w, sizeof(w));
	if (!strcmp(w, "error")) {
		pragma_error(cc, p, end, line, col);
		return;
	}
	if (strcmp(w, "D"))
		return;		/* #pragma ident and friends: not ours */
	p = word(p, end, w, sizeof(w));
	if (!strcmp(w, "option")) {
		/* dt_pragma_option(): one option a pragma */
		p = word(p, end, w, sizeof(w));
		if (!w[0]) {
			dc_error(cc, "D_PRAGMA_MALFORM", line, col,
				 "malformed #pragma option <option>=<val>");
			return;
		}
		word(p, end, extra, sizeof(extra));
		if (extra[0]) {
			dc_error(cc, "D_PRAGMA_MALFORM", line, col,
				 "superfluous arguments specified for #pragma option");
			return;
		}
		eq = strchr(w, '=');
		if (eq)
			*eq++ = 0;
		rc = dc_opt_apply(NULL, cc->prog->kopts, &cc->prog->uopts, w,
				  eq, err, sizeof(err));
		if (rc != -ERANGE)
			err[0] = '\0';	/* dtrace_errmsg() says it all */
		if (rc && eq)
			dc_error(cc, "D_PRAGMA_OPTSET", line, col,
				 "failed to set option '%s' to '%s': %s%s%s%s", w,
				 eq, dc_option_strerror(rc), err[0] ? " (" : "",
				 err, err[0] ? ")" : "");
		else if (rc)
			dc_error(cc, "D_PRAGMA_OPTSET", line, col,
				 "failed to set option '%s': %s%s%s%s", w,
				 dc_option_strerror(rc), err[0] ? " (" : "",
				 err, err[0] ? ")" : "");
		return;
	}
	if (!strcmp(w, "attributes") || !strcmp(w, "binding")) {
		pragma_attrs(cc, w, p, end, line, col);
		return;
	}
	if (!strcmp(w, "error")) {
		pragma_error(cc, p, end, line, col);
		return;
	}
	if (!strcmp(w, "depends_on")) {
		pragma_depends(cc, p, end, line, col);
		return;
	}
	dc_error(cc, "D_PRAGMA_INVAL", line, col, "invalid D pragma: %s", w);
}
