// SPDX-License-Identifier: GPL-2.0
/*
 * stability.c - DTrace's stability attributes of sonde's providers, for
 * `sonde -v` and `sonde -l -v`, and the types of their arguments as sonde
 * delivers them.  One table; the values are the ones the Dynamic Tracing
 * Guide gives each provider (tracepoint, which DTrace has not, is rated
 * like fbt: kernel-internal names and data).  Userland only, no state.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "libsonde.h"

/* dtrace_stability_name(), dtrace_class_name() */
static const char *const sonde_stab_names[] = {
	"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving",
	"Stable", "Standard",
};
static const char *const sonde_class_names[] = {
	"Unknown", "CPU", "Platform", "Group", "ISA", "Common",
};

enum { INT, PRIV, OBS, EXT, UNST, EVOL, STAB, STD };
enum { UNKN, CPU, PLAT, GRP, ISA, COMM };

#define A(n, d, c)	{ n, d, c }

/* provider, module, function, name, arguments */
static const struct sonde_prov_attr {
	const char *prov;
	struct sonde_attr attr[5];
} sonde_prov_attrs[] = {
	{ "dtrace", { A(STAB, STAB, COMM), A(PRIV, PRIV, UNKN),
		      A(PRIV, PRIV, UNKN), A(STAB, STAB, COMM),
		      A(STAB, STAB, COMM) } },
	{ "syscall", { A(EVOL, EVOL, COMM), A(PRIV, PRIV, UNKN),
		       A(PRIV, PRIV, ISA), A(EVOL, EVOL, COMM),
		       A(PRIV, PRIV, ISA) } },
	{ "fbt", { A(EVOL, EVOL, COMM), A(PRIV, PRIV, UNKN),
		   A(PRIV, PRIV, ISA), A(EVOL, EVOL, COMM),
		   A(PRIV, PRIV, ISA) } },
	{ "tracepoint", { A(EVOL, EVOL, COMM), A(PRIV, PRIV, UNKN),
			  A(PRIV, PRIV, UNKN), A(PRIV, PRIV, ISA),
			  A(PRIV, PRIV, ISA) } },
	{ "profile", { A(EVOL, EVOL, COMM), A(UNST, UNST, COMM),
		       A(PRIV, PRIV, UNKN), A(EVOL, EVOL, COMM),
		       A(EVOL, EVOL, COMM) } },
	{ "sched", { A(EVOL, EVOL, ISA), A(PRIV, PRIV, UNKN),
		     A(PRIV, PRIV, UNKN), A(EVOL, EVOL, ISA),
		     A(EVOL, EVOL, ISA) } },
	{ "proc", { A(EVOL, EVOL, ISA), A(PRIV, PRIV, UNKN),
		    A(PRIV, PRIV, UNKN), A(EVOL, EVOL, ISA),
		    A(EVOL, EVOL, ISA) } },
	{ "io", { A(EVOL, EVOL, ISA), A(PRIV, PRIV, UNKN),
		  A(PRIV, PRIV, UNKN), A(EVOL, EVOL, ISA),
		  A(EVOL, EVOL, ISA) } },
	{ "lockstat", { A(EVOL, EVOL, ISA), A(PRIV, PRIV, UNKN),
			A(PRIV, PRIV, UNKN), A(EVOL, EVOL, ISA),
			A(EVOL, EVOL, ISA) } },
	/* Oracle's dt_prov_ip.c, dt_prov_tcp.c, dt_prov_udp.c */
	{ "ip", { A(EVOL, EVOL, ISA), A(PRIV, PRIV, UNKN),
		  A(PRIV, PRIV, UNKN), A(EVOL, EVOL, ISA),
		  A(EVOL, EVOL, ISA) } },
	{ "tcp", { A(EVOL, EVOL, ISA), A(PRIV, PRIV, UNKN),
		   A(PRIV, PRIV, UNKN), A(EVOL, EVOL, ISA),
		   A(EVOL, EVOL, ISA) } },
	{ "udp", { A(EVOL, EVOL, ISA), A(PRIV, PRIV, UNKN),
		   A(PRIV, PRIV, UNKN), A(EVOL, EVOL, ISA),
		   A(EVOL, EVOL, ISA) } },
	{ "cpc", { A(EVOL, EVOL, COMM), A(UNST, UNST, UNKN),
		   A(PRIV, PRIV, UNKN), A(EVOL, EVOL, COMM),
		   A(EVOL, EVOL, COMM) } },
	/* the pid provider: pid<N> */
	{ "pid", { A(EVOL, EVOL, ISA), A(PRIV, PRIV, UNKN),
		   A(PRIV, PRIV, UNKN), A(EVOL, EVOL, ISA),
		   A(PRIV, PRIV, UNKN) } },
};

/* A glob or missing provider (_dtrace_prvdesc), and USDT providers, whose
 * notes carry no attributes. */
static const struct sonde_attr sonde_attr_unknown[5] = {
	A(UNST, UNST, COMM), A(UNST, UNST, COMM), A(UNST, UNST, COMM),
	A(UNST, UNST, COMM), A(UNST, UNST, COMM),
};
static const struct sonde_attr sonde_attr_usdt[5] = {
	A(PRIV, PRIV, UNKN), A(PRIV, PRIV, UNKN), A(PRIV, PRIV, UNKN),
	A(PRIV, PRIV, UNKN), A(PRIV, PRIV, UNKN),
};

static const struct sonde_attr *sonde_prov_attr(const char *prov)
{
	size_t i, n = strlen(prov), k = n;

	if (!*prov || strpbrk(prov, "*?[\\"))
		return sonde_attr_unknown;
	for (i = 0; i < sizeof(sonde_prov_attrs) / sizeof(sonde_prov_attrs[0]);
	     i++)
		if (!strcmp(sonde_prov_attrs[i].prov, prov))
			return sonde_prov_attrs[i].attr;
	while (k > 0 && prov[k - 1] >= '0' && prov[k - 1] <= '9')
		k--;
	if (k == 3 && k < n && !strncmp(prov, "pid", 3))
		return sonde_prov_attrs[sizeof(sonde_prov_attrs) /
					sizeof(sonde_prov_attrs[0]) - 1].attr;
	return sonde_attr_usdt;
}

struct sonde_attr sonde_attr_min(struct sonde_attr a, struct sonde_attr b)
{
	return (struct sonde_attr){
		a.name < b.name ? a.name : b.name,
		a.data < b.data ? a.data : b.data,
		a.class < b.class ? a.class : b.class,
	};
}

/* dtrace_probe_info(): the provider's, then each field that is given. */
struct sonde_attr sonde_attr_desc(const struct sonde_probe_desc *d)
{
	const struct sonde_attr *pa = sonde_prov_attr(d->provider);
	struct sonde_attr a = pa[0];

	if (d->module[0])
		a = sonde_attr_min(a, pa[1]);
	if (d->function[0])
		a = sonde_attr_min(a, pa[2]);
	if (d->name[0])
		a = sonde_attr_min(a, pa[3]);
	return a;
}

struct sonde_attr sonde_attr_args(const struct sonde_probe_desc *d)
{
	return sonde_prov_attr(d->provider)[4];
}

/* DTrace's default attributes of a statement (_dtrace_defattr). */
struct sonde_attr sonde_attr_stmt(void)
{
	return (struct sonde_attr)A(STAB, STAB, COMM);
}

/* "\t\tIdentifier Names: %s\n" ... as dtrace.c prints an attribute. */
void sonde_attr_print(FILE *out, struct sonde_attr a)
{
	fprintf(out, "\t\tIdentifier Names: %s\n", sonde_stab_names[a.name & 7]);
	fprintf(out, "\t\tData Semantics:   %s\n", sonde_stab_names[a.data & 7]);
	fprintf(out, "\t\tDependency Class: %s\n",
		sonde_class_names[a.class < 6 ? a.class : 0]);
}
