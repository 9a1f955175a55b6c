// SPDX-License-Identifier: GPL-2.0
/*
 * dc_sym.c - kernel symbols in D: `name, mod`name and &`name, resolved
 * in userland from /proc/kallsyms (the module cannot look symbols up:
 * kallsyms_lookup_name is not exported), typed from the kernel's BTF
 * (a variable's BTF_KIND_VAR) or an `extern type name;` declaration.
 * The value is read when the probe fires through the VM's fault-safe
 * kernel loads, like any member access.
 *
 * Refused, naming why: under the kernel's confidentiality lockdown (no
 * kernel memory may be read) and when kptr_restrict hides the addresses
 * (kallsyms then shows zeros).
 *
 * Called by dc_sem.c; userland only.  kallsyms is read only when a
 * script names a symbol, one pass per symbol.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_impl.h"
#include "dc_sem.h"

#define DC_KALLSYMS	"/proc/kallsyms"
#define DC_LOCKDOWN	"/sys/kernel/security/lockdown"
#define DC_KPTR		"/proc/sys/kernel/kptr_restrict"

/* Is the kernel in confidentiality lockdown? */
static bool dc_sym_lockdown(void)
{
	char buf[128] = "";
	FILE *f = fopen(DC_LOCKDOWN, "r");

	if (!f)
		return false;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	return strstr(buf, "[confidentiality]") != NULL;
}

/*
 * Look @name up in kallsyms, in module @mod ("vmlinux": the kernel
 * proper; NULL: anywhere).  0 and *@addr, or -ENOENT (no such symbol),
 * -EPERM (addresses hidden: every address reads 0), -errno (the file).
 */
static int dc_sym_kallsyms(const char *name, const char *mod, uint64_t *addr)
{
	char line[512];
	bool any_nonzero = false, found = false, data = false;
	uint64_t a = 0;
	FILE *f = fopen(DC_KALLSYMS, "r");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char type, sym[256], smod[128];
		unsigned long long v;

		smod[0] = 0;
		if (sscanf(line, "%llx %c %255s [%127[^]]]", &v, &type, sym,
			   smod) < 3)
			continue;
		any_nonzero |= v != 0;
		if (strcmp(sym, name) || (found && data))
			continue;
		if (mod && (strcmp(mod, "vmlinux") ? strcmp(mod, smod) :
			    smod[0] != 0))
			continue;
		/* a variable (data, bss, rodata) before a function */
		if (!found || strchr("DdBbRrVv", type)) {
			a = v;
			found = true;
			data = strchr("DdBbRrVv", type) != NULL;
		}
	}
	fclose(f);
	if (!found)
		return -ENOENT;
	if (!any_nonzero)
		return -EPERM;
	*addr = a;
	return 0;
}

/* The type D gives `name: BTF's, or an extern declaration's. */
static uint32_t dc_sym_type(struct dc_cc *cc, const char *name,
			    const char *mod)
{
	uint32_t i, t;

	for (i = 0; i < cc->nexts; i++)
		if (!strcmp(cc->exts[i].name, name))
			return cc->exts[i].tid;
	/* BTF has variables of the per-CPU section only (pahole's
	 * default): their kallsyms value is an offset, not an address */
	if (dc_btf_var_percpu(cc, name, mod))
		return 0;
	t = dc_btf_lookup(cc, DC_CT_VOID, name, mod, mod == NULL);
	return t;
}

/*
 * Resolve symbol reference @n: its address and type (0 without one,
 * an error unless @need_type is false).
 */
static bool dc_sym_resolve(struct dc_cc *cc, const struct dc_node *n,
			   uint64_t *addr, uint32_t *tid, bool need_type)
{
	const char *q = strchr(n->name, '`'), *name;
	char mod[128] = "", why[512];
	int err;

	if (n->name[0] == '`') {
		name = n->name + 1;
	} else {
		size_t l = q - n->name;

		if (l >= sizeof(mod))
			l = sizeof(mod) - 1;
		memcpy(mod, n->name, l);
		mod[l] = 0;
		name = q + 1;
	}
	if (!name[0] || strchr(name, '`')) {
		dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
			 "failed to resolve %s: invalid scope", n->name);
		return false;
	}
	if (dc_sym_lockdown()) {
		dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
			 "failed to resolve %s: the kernel is locked down (confidentiality): kernel memory and symbol addresses are off limits",
			 n->name);
		return false;
	}
	err = dc_sym_kallsyms(name, mod[0] ? mod : NULL, addr);
	if (err == -ENOENT) {
		dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
			 "failed to resolve %s: Unknown symbol name", n->name);
		return false;
	}
	if (err == -EPERM) {
		char k[32] = "?";
		FILE *f = fopen(DC_KPTR, "r");

		if (f) {
			if (!fgets(k, sizeof(k), f))
				strcpy(k, "?");
			k[strcspn(k, "\n")] = 0;
			fclose(f);
		}
		dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
			 "failed to resolve %s: kernel symbol addresses are hidden (%s reads 0 for every symbol; kernel.kptr_restrict is %s: run as root with kptr_restrict 0 or 1)",
			 n->name, DC_KALLSYMS, k);
		return false;
	}
	if (err) {
		dc_error(cc, "D_IDENT_UNDEF", n->line, n->col,
			 "failed to resolve %s: %s: %s", n->name, DC_KALLSYMS,
			 strerror(-err));
		return false;
	}
	*tid = dc_sym_type(cc, name, mod[0] ? mod : NULL);
	if (!*tid && need_type) {
		dc_error(cc, "D_SYM_NOTYPES", n->line, n->col,
			 "no symbolic type information is available for %s`%s: %s; declare it (extern type %s;) or read it through a cast (*(type *)&%s)",
			 mod[0] ? mod : "vmlinux", name,
			 dc_btf_available(cc) ?
			 "the kernel's BTF has no type for this variable" :
			 dc_btf_error(cc, why, sizeof(why)), name, n->name);
		return false;
	}
	return true;
}

bool dc_sem_symbol(struct dc_cc *cc, struct dc_node *n)
{
	uint64_t addr = 0;
	uint32_t tid = 0;

	if (!dc_sym_resolve(cc, n, &addr, &tid, true))
		return false;
	n->kind = DC_N_SYM;
	n->ival = addr;
	n->type = dc_ct_type(cc, tid, DC_SP_KERNEL);
	if (n->type.kind == DC_T_ERR || n->type.kind == DC_T_VOID) {
		char tn[256];

		dc_error(cc, "D_SYM_NOTYPES", n->line, n->col,
			 "kernel symbol %s has type %s, which D cannot read",
			 n->name, dc_ct_name(cc, tid, tn, sizeof(tn)));
		return false;
	}
	return true;
}

/* &`name (@n the & node): the address, a constant pointer to the
 * symbol's type, or void * when it has none. */
bool dc_sem_symbol_addr(struct dc_cc *cc, struct dc_node *n)
{
	uint64_t addr = 0;
	uint32_t tid = 0;

	if (!dc_sym_resolve(cc, n->l, &addr, &tid, false))
		return false;
	n->kind = DC_N_INT;
	n->ival = addr;
	n->type = dc_ct_type(cc, dc_ct_ptr(cc, tid ? tid : cc->ct.t_void),
			     DC_SP_KERNEL);
	n->isconst = true;
	return true;
}
