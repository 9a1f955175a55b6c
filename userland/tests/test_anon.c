// SPDX-License-Identifier: GPL-2.0
/*
 * test_anon.c - the file of an anonymous enabling (uapi/sonde.h, struct
 * sonde_anon_hdr): sonde_anon_parse(), the parse the module runs on the
 * file it reads at load, against a good file and each way a file can be
 * bad (truncated, trailing bytes, corrupt, wrong magic, version or ABI,
 * over a limit, misaligned, overlapping, names not terminated); each
 * refusal's errno and words.  Then a D program compiled, saved with
 * sonde_anon_build() and read back: the image in it passes the verifier
 * the module runs, and each enabling names its probe.  No kernel needed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libsonde.h"
#include "vm.h"
#include "dc.h"
#include "unit.h"

#define NPROBES	2
#define ARGS	"3\0-q\0-n\0BEGIN\0"

/* A well-formed file: header, a program area (not an image: the parse
 * leaves that to the verifier), NPROBES names, the arguments. */
static size_t good_file(unsigned char *buf, size_t cap)
{
	struct sonde_anon_hdr *h = (struct sonde_anon_hdr *)buf;
	struct sonde_probe_desc *d;
	size_t prog = sizeof(struct sonde_prog_hdr) + 8;
	size_t poff = sizeof(*h) + prog;
	size_t aoff = poff + NPROBES * sizeof(*d);
	size_t total = aoff + sizeof(ARGS);

	if (total > cap)
		abort();
	memset(buf, 0, total);
	h->magic = SONDE_ANON_MAGIC;
	h->version = SONDE_ANON_VERSION;
	h->hdr_size = sizeof(*h);
	h->abi_version = SONDE_ABI_VERSION;
	h->file_size = (uint32_t)total;
	h->prog_off = sizeof(*h);
	h->prog_size = (uint32_t)prog;
	h->probes_off = (uint32_t)poff;
	h->nprobes = NPROBES;
	h->args_off = (uint32_t)aoff;
	h->args_size = sizeof(ARGS);
	memset(buf + sizeof(*h), 0xa5, prog);
	d = (struct sonde_probe_desc *)(buf + poff);
	strcpy(d[0].provider, "dtrace");
	strcpy(d[0].name, "BEGIN");
	strcpy(d[1].provider, "proc");
	strcpy(d[1].name, "exec-success");
	memcpy(buf + aoff, ARGS, sizeof(ARGS));
	return total;
}

/* The CRC again after a change to the body. */
static void reseal(unsigned char *buf)
{
	struct sonde_anon_hdr *h = (struct sonde_anon_hdr *)buf;

	h->crc = sonde_crc32(0, buf + sizeof(*h), h->file_size - sizeof(*h));
}

/* Parse @size bytes of @buf; check the errno and a piece of the words. */
static void expect(const char *what, const unsigned char *buf, size_t size,
		   int err, const char *words)
{
	struct sonde_anon_view v;
	struct sonde_vlog log;
	char text[512] = "";
	int ret;

	memset(&log, 0, sizeof(log));
	log.buf = text;
	log.size = sizeof(text);
	ret = sonde_anon_parse(buf, size, &v, &log);
	if (!check(ret == err && (!words || strstr(text, words)) &&
		   (err || v.hdr), "%s: %d", what, err))
		printf("# got %d: %s", ret, text);
}

static void test_parse(void)
{
	static unsigned char buf[8192], bad[8192];
	struct sonde_anon_hdr *h = (struct sonde_anon_hdr *)bad;
	struct sonde_probe_desc *d;
	struct sonde_anon_view v;
	size_t n;

	n = good_file(buf, sizeof(buf));
	reseal(buf);
	expect("a good file parses", buf, n, 0, NULL);
	memset(&v, 0, sizeof(v));
	sonde_anon_parse(buf, n, &v, NULL);
	check(v.nprobes == NPROBES && !strcmp(v.probes[1].name, "exec-success") &&
	      v.args_size == sizeof(ARGS) && !strcmp(v.args + 2, "-q") &&
	      v.prog == buf + sizeof(struct sonde_anon_hdr),
	      "a good file: its sections found");
	check(sonde_crc32(0, "123456789", 9) == 0xcbf43926,
	      "CRC-32 of \"123456789\" is zlib's 0xcbf43926");

	expect("empty", buf, 0, -EINVAL, "shorter than its header");
	expect("truncated in the header", buf, 20, -EINVAL,
	       "shorter than its header (64 bytes): truncated");
	expect("truncated after the header", buf, n - 1, -EINVAL,
	       "its header says");
	memcpy(bad, buf, n);
	bad[n] = 0;
	expect("a byte after its end", bad, n + 1, -EINVAL,
	       "1 bytes after the end its header says");
	expect("over the size limit", buf, (size_t)SONDE_ANON_MAX_SIZE + 1,
	       -E2BIG, "over the limit");

#define MUTATE(what, change, err, words) do {				\
		memcpy(bad, buf, n);					\
		change;							\
		expect(what, bad, n, err, words);			\
	} while (0)
#define MUTATE_SEALED(what, change, err, words) do {			\
		memcpy(bad, buf, n);					\
		change;							\
		reseal(bad);						\
		expect(what, bad, n, err, words);			\
	} while (0)

	MUTATE("a bit flipped in the program", bad[100] ^= 4, -EINVAL,
	       "the file is corrupt");
	MUTATE("a bit flipped in the arguments", bad[n - 2] ^= 1, -EINVAL,
	       "the file is corrupt");
	MUTATE("wrong magic", h->magic = SONDE_PROG_MAGIC, -EINVAL,
	       "bad magic 0x53444e53: not a file sonde -A wrote");
	MUTATE("a newer file version", h->version = SONDE_ANON_VERSION + 1,
	       -EPROTO, "save it again with sonde -A");
	MUTATE("another module ABI", h->abi_version = SONDE_ABI_VERSION - 1,
	       -EPROTO, "written for module ABI");
	MUTATE("a header of another size", h->hdr_size = 72, -EINVAL,
	       "header of 72 bytes, expected 64");
	MUTATE("a file_size that is not the file's", h->file_size = n + 8,
	       -EINVAL, "truncated");
	MUTATE_SEALED("nonzero flags", h->flags = 1, -EINVAL,
		      "reserved header fields not zero");
	MUTATE_SEALED("nonzero reserved", h->reserved[2] = 1, -EINVAL,
		      "reserved header fields not zero");
	MUTATE_SEALED("no probes", h->nprobes = 0, -EINVAL,
		      "0 probes, must be 1 to");
	MUTATE_SEALED("too many probes",
		      h->nprobes = SONDE_ANON_MAX_PROBES + 1, -E2BIG,
		      "probes, must be 1 to");
	MUTATE_SEALED("more probes than the file holds", h->nprobes = 100,
		      -EINVAL, "out of the file's");
	MUTATE_SEALED("arguments over their limit",
		      h->args_size = SONDE_ANON_MAX_ARGS + 1, -E2BIG,
		      "bytes of arguments, over the limit");
	MUTATE_SEALED("a misaligned program", h->prog_off += 4, -EINVAL,
		      "misaligned");
	MUTATE_SEALED("a program shorter than an image header",
		      h->prog_size = 8, -EINVAL, "misaligned, empty");
	MUTATE_SEALED("a program in the header", h->prog_off = 0, -EINVAL,
		      "out of the file's");
	MUTATE_SEALED("arguments past the end", h->args_off = n - 2,
		      -EINVAL, "out of the file's");
	MUTATE_SEALED("probes overlapping the program",
		      h->probes_off = h->prog_off + 8, -EINVAL,
		      "sections overlap");
	MUTATE_SEALED("a provider name not terminated",
		      (d = (struct sonde_probe_desc *)(bad + h->probes_off),
		       memset(d[1].provider, 'x', sizeof(d[1].provider))),
		      -EINVAL, "probe 2: a name field is empty or not NUL-terminated");
	MUTATE_SEALED("an empty probe name",
		      (d = (struct sonde_probe_desc *)(bad + h->probes_off),
		       d[0].name[0] = '\0'),
		      -EINVAL, "probe 1: a name field is empty");
	MUTATE_SEALED("arguments without their NUL", bad[n - 1] = 'x',
		      -EINVAL, "the arguments do not end with a NUL");
#undef MUTATE
#undef MUTATE_SEALED
}

/* A compiled program saved as sonde -A saves it, read back. */
static void test_roundtrip(void)
{
	struct dc *dc = dc_new();
	struct dc_opts o = { .sz = sizeof(o), .target = -1 };
	struct sonde_program *p;
	struct sonde_anon_view v;
	struct sonde_image img;
	struct sonde_vlog log;
	char why[256] = "", text[256] = "";
	void *file = NULL;
	size_t size = 0;
	uint32_t i;
	int ret;

	p = dc_compile_str(dc, NULL,
			   "BEGIN { x = 1; } syscall::read:entry /x/ { @[execname] = count(); }",
			   &o);
	if (!check(p != NULL, "round trip: the program compiles")) {
		dc_free(dc);
		return;
	}
	ret = sonde_anon_build(p, ARGS, sizeof(ARGS), &file, &size, why,
			       sizeof(why));
	check(ret == -EINVAL && strstr(why, "enables no probe"),
	      "round trip: a program with no probe resolved is refused");
	/* resolved as sonde_program_resolve() would: two enablings */
	p->necbs = 2;
	p->ecbs = calloc(2, sizeof(*p->ecbs));
	p->ecb_probe = calloc(2, sizeof(*p->ecb_probe));
	p->ecbs[0] = (struct sonde_ecb){ .probe_id = 1, .clause = 0 };
	p->ecbs[1] = (struct sonde_ecb){ .probe_id = 77, .clause = 1 };
	strcpy(p->ecb_probe[0].desc.provider, "dtrace");
	strcpy(p->ecb_probe[0].desc.name, "BEGIN");
	strcpy(p->ecb_probe[1].desc.provider, "syscall");
	strcpy(p->ecb_probe[1].desc.module, "vmlinux");
	strcpy(p->ecb_probe[1].desc.function, "read");
	strcpy(p->ecb_probe[1].desc.name, "entry");
	why[0] = '\0';
	ret = sonde_anon_build(p, ARGS, sizeof(ARGS), &file, &size, why,
			       sizeof(why));
	check(ret == 0, "round trip: saved (%s)", why);
	memset(&log, 0, sizeof(log));
	log.buf = text;
	log.size = sizeof(text);
	ret = file ? sonde_anon_parse(file, size, &v, &log) : -1;
	check(ret == 0, "round trip: the file parses (%s)", text);
	if (!ret) {
		ret = sonde_image_verify(v.prog, v.prog_size, &img, &log);
		check(ret == 0 && img.necbs == 2,
		      "round trip: its image passes the verifier (%s)", text);
		for (i = 0; !ret && i < img.necbs; i++)
			check(img.ecbs[i].probe_id == i + 1 &&
			      !strcmp(v.probes[i].provider,
				      p->ecb_probe[i].desc.provider) &&
			      !strcmp(v.probes[i].function,
				      p->ecb_probe[i].desc.function),
			      "round trip: enabling %u names its probe", i);
		check(v.args_size == sizeof(ARGS) &&
		      !memcmp(v.args, ARGS, sizeof(ARGS)),
		      "round trip: the arguments are kept");
	}
	free(file);
	file = NULL;
	strcpy(p->ecb_probe[1].desc.provider, "fbt");
	ret = sonde_anon_build(p, ARGS, sizeof(ARGS), &file, &size, why,
			       sizeof(why));
	check(ret == -EINVAL && strstr(why, "fbt probes exist once a consumer offers them"),
	      "round trip: an fbt probe is refused, saying why");
	strcpy(p->ecb_probe[1].desc.provider, "pid1234");
	ret = sonde_anon_build(p, ARGS, sizeof(ARGS), &file, &size, why,
			       sizeof(why));
	check(ret == -EINVAL && strstr(why, "a probe of process 1234"),
	      "round trip: a process's probe is refused, saying why");
	sonde_program_free(p);
	dc_free(dc);
}

int main(void)
{
	test_parse();
	test_roundtrip();
	unit_plan();
	return unit_summary("");
}
