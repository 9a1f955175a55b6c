// SPDX-License-Identifier: GPL-2.0
/*
 * hsrt.c - the layout a HotSpot JVM exports about itself, for jstack()'s
 * Java frames: the tables the Serviceability Agent reads
 * (src/hotspot/share/runtime/vmStructs.cpp), found through libjvm.so's
 * exported symbols and read from the running process's memory.
 *
 *   gHotSpotVMStructs        VMStructEntry[]: type, field, type string,
 *                            static or not, offset, address
 *   gHotSpotVMTypes          VMTypeEntry[]: type, super, sizes
 *   gHotSpotVMIntConstants   VMIntConstantEntry[]: name, int value
 *   gHotSpotVMLongConstants  VMLongConstantEntry[]: name, long value
 *
 * each a pointer to its array, which ends at an entry whose name is NULL,
 * and each entry's layout given by more exported variables
 * (gHotSpotVMStructEntryTypeNameOffset, ...ArrayStride), so one reader
 * covers every JDK that has them (8 to 25).  What a walk of a thread's
 * Java frames needs is picked out into struct sonde_hsrt: an interpreted
 * frame's Method* (frame::interpreter_frame_method_offset words from its
 * frame pointer) -> ConstMethod -> ConstantPool -> its holder Klass's
 * name, and the method's name and signature (constant pool indexes),
 * each a Symbol; a compiled frame's nmethod found in the CodeCache's
 * heaps, whose Method* the same way.
 *
 * Callers: the tests (userland/tests/test_hsrt.c), and jstack()'s helper
 * setup once the kernel walks Java frames.  Consumer thread only.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "usdt.h"

/* The exported variables, in the order of struct sonde_hsyms. */
#define SONDE_HS_SYMS(X)						\
	X(structs, "gHotSpotVMStructs")					\
	X(s_type, "gHotSpotVMStructEntryTypeNameOffset")		\
	X(s_field, "gHotSpotVMStructEntryFieldNameOffset")		\
	X(s_static, "gHotSpotVMStructEntryIsStaticOffset")		\
	X(s_offset, "gHotSpotVMStructEntryOffsetOffset")		\
	X(s_addr, "gHotSpotVMStructEntryAddressOffset")			\
	X(s_stride, "gHotSpotVMStructEntryArrayStride")			\
	X(types, "gHotSpotVMTypes")					\
	X(t_name, "gHotSpotVMTypeEntryTypeNameOffset")			\
	X(t_size, "gHotSpotVMTypeEntrySizeOffset")			\
	X(t_stride, "gHotSpotVMTypeEntryArrayStride")			\
	X(ints, "gHotSpotVMIntConstants")				\
	X(i_name, "gHotSpotVMIntConstantEntryNameOffset")		\
	X(i_value, "gHotSpotVMIntConstantEntryValueOffset")		\
	X(i_stride, "gHotSpotVMIntConstantEntryArrayStride")

enum {
#define SONDE_HS_ENUM(f, n) SONDE_HS_##f,
	SONDE_HS_SYMS(SONDE_HS_ENUM)
#undef SONDE_HS_ENUM
	SONDE_HS_NSYMS
};

static const char *const sonde_hs_names[] = {
#define SONDE_HS_NAME(f, n) n,
	SONDE_HS_SYMS(SONDE_HS_NAME)
#undef SONDE_HS_NAME
};

/* frame::interpreter_frame_last_sp_offset on x86-64 (frame_x86.hpp, and
 * the SA's X86Frame.java), for JDKs that do not export it. */
#define SONDE_HS_X86_LAST_SP	(-2)

/* Entries read at most per table: JDK 17 has about 2,700 structs. */
#define SONDE_HS_MAX_ENTRIES	20000

struct sonde_hsmem {
	int fd;			/* /proc/PID/mem */
};

static int sonde_hs_read(struct sonde_hsmem *m, uint64_t addr, void *dst,
			 size_t n)
{
	ssize_t r = pread(m->fd, dst, n, (off_t)addr);

	return r == (ssize_t)n ? 0 : -EFAULT;
}

static int sonde_hs_u64(struct sonde_hsmem *m, uint64_t addr, uint64_t *v)
{
	return sonde_hs_read(m, addr, v, sizeof(*v));
}

/* A NUL-terminated string of at most @size - 1 characters at @addr. */
static int sonde_hs_str(struct sonde_hsmem *m, uint64_t addr, char *buf,
			size_t size)
{
	size_t i;

	for (i = 0; i + 1 < size; i++) {
		if (sonde_hs_read(m, addr + i, &buf[i], 1))
			return -EFAULT;
		if (!buf[i])
			return 0;
	}
	buf[i] = '\0';
	return -ENAMETOOLONG;
}

/*
 * libjvm.so of process @pid: its path (through /proc/PID/root) and load
 * bias, from /proc/PID/maps (the mapping of its file offset 0).
 */
static int sonde_hs_libjvm(pid_t pid, char *path, size_t size,
			   uint64_t *base)
{
	char fn[64], line[PATH_MAX + 128];
	unsigned long lo, off;
	int pos, ret = -ENOENT;
	FILE *f;

	snprintf(fn, sizeof(fn), "/proc/%d/maps", (int)pid);
	f = fopen(fn, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char *p;
		const char *b;

		pos = 0;
		if (sscanf(line, "%lx-%*x %*s %lx %*x:%*x %*u %n", &lo, &off,
			   &pos) < 2 || !pos)
			continue;
		p = line + pos;
		p[strcspn(p, "\n")] = '\0';
		b = strrchr(p, '/');
		if (!b || strcmp(b + 1, "libjvm.so") || off != 0)
			continue;
		snprintf(path, size, "/proc/%d/root%s", (int)pid, p);
		*base = lo;
		ret = 0;
		break;
	}
	fclose(f);
	return ret;
}

/* The exported variables' link-time addresses, from .dynsym. */
static int sonde_hs_syms(const char *path, uint64_t *va, uint64_t *first)
{
	GElf_Shdr sh;
	GElf_Sym sym;
	GElf_Phdr ph;
	Elf_Scn *scn = NULL;
	Elf_Data *d;
	size_t i, k, n, nph;
	bool have_first = false;
	Elf *e;
	int fd, ret = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e || elf_getphdrnum(e, &nph)) {
		ret = -ENOEXEC;
		goto out;
	}
	/* the bias is the mapping of offset 0 less its segment's address */
	for (i = 0; i < nph && !have_first; i++) {
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    ph.p_offset == 0) {
			*first = ph.p_vaddr;
			have_first = true;
		}
	}
	memset(va, 0, SONDE_HS_NSYMS * sizeof(*va));
	while ((scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM ||
		    !sh.sh_entsize)
			continue;
		d = elf_getdata(scn, NULL);
		n = sh.sh_size / sh.sh_entsize;
		for (i = 0; d && i < n; i++) {
			const char *name;

			if (!gelf_getsym(d, (int)i, &sym) || !sym.st_value)
				continue;
			name = elf_strptr(e, sh.sh_link, sym.st_name);
			if (!name || strncmp(name, "gHotSpotVM", 10))
				continue;
			for (k = 0; k < SONDE_HS_NSYMS; k++)
				if (!strcmp(name, sonde_hs_names[k]))
					va[k] = sym.st_value;
		}
	}
	if (!have_first)
		ret = -ENOEXEC;
	for (k = 0; !ret && k < SONDE_HS_NSYMS; k++)
		if (!va[k])
			ret = -ENOENT;
out:
	if (e)
		elf_end(e);
	close(fd);
	return ret;
}

/* What sonde_hsrt_read() looks for in the tables, and where it goes. */
struct sonde_hs_want {
	const char *type, *field;
	size_t at;		/* offsetof() in struct sonde_hsrt */
	bool is_static;		/* the field's address, not its offset */
};

#define SONDE_HS_F(t, f, m) { t, f, offsetof(struct sonde_hsrt, m), false }
#define SONDE_HS_S(t, f, m) { t, f, offsetof(struct sonde_hsrt, m), true }

static const struct sonde_hs_want sonde_hs_fields[] = {
	SONDE_HS_F("Method", "_constMethod", method_constmethod),
	SONDE_HS_F("ConstMethod", "_constants", constmethod_constants),
	SONDE_HS_F("ConstMethod", "_name_index", constmethod_name_index),
	SONDE_HS_F("ConstMethod", "_signature_index",
		   constmethod_signature_index),
	SONDE_HS_F("ConstantPool", "_pool_holder", cpool_holder),
	SONDE_HS_F("Klass", "_name", klass_name),
	SONDE_HS_F("Symbol", "_length", symbol_length),
	SONDE_HS_F("Symbol", "_body", symbol_body),
	SONDE_HS_F("CodeBlob", "_name", codeblob_name),
	/* CompiledMethod's up to JDK 22, nmethod's since */
	SONDE_HS_F("CompiledMethod", "_method", nmethod_method),
	SONDE_HS_F("nmethod", "_method", nmethod_method),
	SONDE_HS_S("CodeCache", "_heaps", codecache_heaps),
	SONDE_HS_S("CodeCache", "_low_bound", codecache_low),
	SONDE_HS_S("CodeCache", "_high_bound", codecache_high),
};

/* Read process @m's VMStructs table into @rt's fields. */
static int sonde_hs_structs(struct sonde_hsmem *m, const uint64_t *v,
			    struct sonde_hsrt *rt, char *err, size_t errlen)
{
	uint64_t base, e, tn, fn, st, val;
	char type[128], field[128];
	uint32_t isstatic;
	size_t i, k;
	bool found[sizeof(sonde_hs_fields) / sizeof(sonde_hs_fields[0])] = {
		false };

	if (sonde_hs_u64(m, v[SONDE_HS_structs], &base))
		return -EFAULT;
	for (i = 0; i < SONDE_HS_MAX_ENTRIES; i++) {
		e = base + i * v[SONDE_HS_s_stride];
		if (sonde_hs_u64(m, e + v[SONDE_HS_s_type], &tn))
			return -EFAULT;
		if (!tn)
			break;
		if (sonde_hs_u64(m, e + v[SONDE_HS_s_field], &fn) ||
		    sonde_hs_read(m, e + v[SONDE_HS_s_static], &isstatic,
				  sizeof(isstatic)) ||
		    sonde_hs_str(m, tn, type, sizeof(type)) < -ENAMETOOLONG)
			return -EFAULT;
		if (!fn || sonde_hs_str(m, fn, field, sizeof(field)))
			continue;
		for (k = 0; k < sizeof(found); k++) {
			const struct sonde_hs_want *w = &sonde_hs_fields[k];

			if (strcmp(w->type, type) || strcmp(w->field, field) ||
			    w->is_static != (isstatic != 0))
				continue;
			st = w->is_static ? v[SONDE_HS_s_addr] :
			     v[SONDE_HS_s_offset];
			if (sonde_hs_u64(m, e + st, &val))
				return -EFAULT;
			*(uint64_t *)((char *)rt + w->at) = val;
			found[k] = true;
		}
	}
	/* a field two rows name is found when either is */
	for (k = 0; k < sizeof(found); k++)
		for (i = 0; i < sizeof(found); i++)
			if (found[i] && sonde_hs_fields[i].at ==
			    sonde_hs_fields[k].at)
				found[k] = true;
	for (k = 0; k < sizeof(found); k++) {
		if (!found[k]) {
			snprintf(err, errlen, "the JVM's VMStructs have no %s::%s",
				 sonde_hs_fields[k].type,
				 sonde_hs_fields[k].field);
			return -ENOENT;
		}
	}
	return 0;
}

/* The size of type @name from VMTypes, 0 when absent. */
static int sonde_hs_type_size(struct sonde_hsmem *m, const uint64_t *v,
			      const char *name, uint64_t *size)
{
	uint64_t base, e, tn;
	char type[128];
	size_t i;

	*size = 0;
	if (sonde_hs_u64(m, v[SONDE_HS_types], &base))
		return -EFAULT;
	for (i = 0; i < SONDE_HS_MAX_ENTRIES; i++) {
		e = base + i * v[SONDE_HS_t_stride];
		if (sonde_hs_u64(m, e + v[SONDE_HS_t_name], &tn))
			return -EFAULT;
		if (!tn)
			return 0;
		if (sonde_hs_str(m, tn, type, sizeof(type)) || strcmp(type, name))
			continue;
		return sonde_hs_u64(m, e + v[SONDE_HS_t_size], size);
	}
	return 0;
}

/* Int constant @name, -ENOENT when absent. */
static int sonde_hs_int(struct sonde_hsmem *m, const uint64_t *v,
			const char *name, int32_t *value)
{
	uint64_t base, e, nn;
	char cname[128];
	size_t i;

	if (sonde_hs_u64(m, v[SONDE_HS_ints], &base))
		return -EFAULT;
	for (i = 0; i < SONDE_HS_MAX_ENTRIES; i++) {
		e = base + i * v[SONDE_HS_i_stride];
		if (sonde_hs_u64(m, e + v[SONDE_HS_i_name], &nn))
			return -EFAULT;
		if (!nn)
			return -ENOENT;
		if (sonde_hs_str(m, nn, cname, sizeof(cname)) ||
		    strcmp(cname, name))
			continue;
		return sonde_hs_read(m, e + v[SONDE_HS_i_value], value,
				     sizeof(*value));
	}
	return -ENOENT;
}

int sonde_hsrt_read(pid_t pid, struct sonde_hsrt *rt, char *err,
		    size_t errlen)
{
	char path[PATH_MAX + 32], fn[64];
	uint64_t va[SONDE_HS_NSYMS], v[SONDE_HS_NSYMS], base = 0, first = 0;
	uint64_t size = 0;
	struct sonde_hsmem m;
	size_t k;
	int ret;

	memset(rt, 0, sizeof(*rt));
	ret = sonde_hs_libjvm(pid, path, sizeof(path), &base);
	if (ret) {
		snprintf(err, errlen, "process %d maps no libjvm.so", (int)pid);
		return ret;
	}
	ret = sonde_hs_syms(path, va, &first);
	if (ret) {
		snprintf(err, errlen, "%s: no gHotSpotVM* tables exported (%s)",
			 path, strerror(-ret));
		return ret;
	}
	snprintf(fn, sizeof(fn), "/proc/%d/mem", (int)pid);
	m.fd = open(fn, O_RDONLY | O_CLOEXEC);
	if (m.fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", fn, strerror(errno));
		return ret;
	}
	rt->bias = base - (first & ~0xfffULL);
	/* the layout variables hold their values; the tables are pointers */
	for (k = 0; k < SONDE_HS_NSYMS && !ret; k++) {
		if (k == SONDE_HS_structs || k == SONDE_HS_types ||
		    k == SONDE_HS_ints)
			v[k] = rt->bias + va[k];
		else
			ret = sonde_hs_u64(&m, rt->bias + va[k], &v[k]);
	}
	if (!ret && (!v[SONDE_HS_s_stride] || !v[SONDE_HS_t_stride] ||
		     !v[SONDE_HS_i_stride]))
		ret = -EINVAL;
	if (ret) {
		snprintf(err, errlen, "cannot read the JVM's layout variables in process %d",
			 (int)pid);
		goto out;
	}
	ret = sonde_hs_structs(&m, v, rt, err, errlen);
	if (!ret)
		ret = sonde_hs_type_size(&m, v, "ConstantPool", &size);
	if (!ret && !size) {
		snprintf(err, errlen, "the JVM's VMTypes have no ConstantPool");
		ret = -ENOENT;
	}
	rt->cpool_size = size;
	/*
	 * An interpreted frame's Method*, in words from its frame pointer:
	 * the slot below last_sp (frame_x86.hpp), as the SA's X86Frame
	 * finds it; JDKs that do not export last_sp's offset (17) have the
	 * layout the SA has for them: last_sp at -2.
	 */
	if (!ret) {
		int32_t last_sp;

		if (sonde_hs_int(&m, v, "frame::interpreter_frame_last_sp_offset",
				 &last_sp))
			last_sp = SONDE_HS_X86_LAST_SP;
		rt->frame_method_slot = last_sp - 1;
	}
	if (ret && !err[0])
		snprintf(err, errlen, "cannot read the JVM's VMStructs in process %d: %s",
			 (int)pid, strerror(-ret));
out:
	close(m.fd);
	return ret;
}

int sonde_hsrt_symbol(pid_t pid, const struct sonde_hsrt *rt, uint64_t sym,
		      char *buf, size_t size)
{
	char fn[64];
	uint16_t len;
	struct sonde_hsmem m;
	int ret;

	if (!size)
		return -EINVAL;
	snprintf(fn, sizeof(fn), "/proc/%d/mem", (int)pid);
	m.fd = open(fn, O_RDONLY | O_CLOEXEC);
	if (m.fd < 0)
		return -errno;
	ret = sonde_hs_read(&m, sym + rt->symbol_length, &len, sizeof(len));
	if (!ret && len >= size)
		len = (uint16_t)(size - 1);
	if (!ret)
		ret = sonde_hs_read(&m, sym + rt->symbol_body, buf, len);
	buf[ret ? 0 : len] = '\0';
	close(m.fd);
	return ret;
}
