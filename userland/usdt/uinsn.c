// SPDX-License-Identifier: GPL-2.0
/*
 * uinsn.c - x86-64 instruction boundaries of a function in an ELF file,
 * decoded with capstone, for the pid provider's offset probes (a trap
 * anywhere but at an instruction's start would corrupt the program).
 * capstone is dlopen()ed when first needed, so the rest of sonde runs
 * without it.  Called by probe resolution (libsonde's uprov.c); consumer
 * thread only.
 */
#include <capstone/capstone.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "usdt.h"

/* capstone's functions, once dlopen()ed (Debian's libcapstone4) */
static struct {
	bool tried;
	cs_err (*open)(cs_arch, cs_mode, csh *);
	cs_insn *(*malloc)(csh);
	bool (*disasm_iter)(csh, const uint8_t **, size_t *, uint64_t *,
			    cs_insn *);
	void (*free)(cs_insn *, size_t);
	cs_err (*close)(csh *);
} sonde_cs;

static bool sonde_cs_load(void)
{
	void *h;

	if (sonde_cs.tried)
		return sonde_cs.open != NULL;
	sonde_cs.tried = true;
	h = dlopen("libcapstone.so.4", RTLD_NOW | RTLD_LOCAL);
	if (!h)
		h = dlopen("libcapstone.so", RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return false;
	*(void **)&sonde_cs.malloc = dlsym(h, "cs_malloc");
	*(void **)&sonde_cs.disasm_iter = dlsym(h, "cs_disasm_iter");
	*(void **)&sonde_cs.free = dlsym(h, "cs_free");
	*(void **)&sonde_cs.close = dlsym(h, "cs_close");
	*(void **)&sonde_cs.open = dlsym(h, "cs_open");
	if (!sonde_cs.malloc || !sonde_cs.disasm_iter || !sonde_cs.free ||
	    !sonde_cs.close)
		sonde_cs.open = NULL;
	return sonde_cs.open != NULL;
}

int sonde_insn_boundary(const char *path, uint64_t start, uint64_t size,
			uint64_t off)
{
	const uint8_t *code;
	uint64_t addr = 0;
	size_t left = (size_t)size;
	uint8_t *buf;
	cs_insn *insn;
	csh cs;
	int fd, ret = 0;

	if (!sonde_cs_load())
		return -ENOPKG;
	buf = malloc(left ? left : 1);
	if (!buf)
		return -ENOMEM;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || pread(fd, buf, left, (off_t)start) != (ssize_t)left) {
		ret = -EIO;
		goto out;
	}
	if (sonde_cs.open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK) {
		ret = -ENOMEM;
		goto out;
	}
	insn = sonde_cs.malloc(cs);
	code = buf;
	while (insn && addr < off &&
	       sonde_cs.disasm_iter(cs, &code, &left, &addr, insn))
		;
	ret = insn && addr == off;
	if (insn)
		sonde_cs.free(insn, 1);
	sonde_cs.close(&cs);
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	return ret;
}
