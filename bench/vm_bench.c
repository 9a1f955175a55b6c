// SPDX-License-Identifier: GPL-2.0
/*
 * vm_bench.c - the interpreter's cost per executed instruction, userland,
 * for a representative mix: a predicate, a quantize() call, a two-string
 * aggregation key, and straight ALU code (pure dispatch).  Built twice,
 * with computed-goto dispatch (what the module uses) and with a switch,
 * so the two can be compared on the same machine.  Prints figures; it
 * asserts nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "program.h"
#include "vm_asm.h"
#include "vm_env.h"

#ifdef SONDE_VM_SWITCH
#define DISPATCH "switch"
#else
#define DISPATCH "computed goto"
#endif

struct bcase {
	const char *name;
	const char *aggs;	/* "quantize", "count2s" or NULL */
	const char *src;
};

static const struct bcase cases[] = {
	{ "predicate (pid == $target && arg0 > 5)", NULL,
	  "ldb r1, pid\nldc r2, 1234\nseteq r3, r1, r2\njz r3, +3\n"
	  "ldb r4, arg0\nmovi r5, 5\nsetlt r3, r5, r4\nret r3" },
	{ "quantize(arg0 * 1000)", "quantize",
	  "ldb r1, arg0\nmovi r2, 1000\nmul r3, r1, r2\nagg @0, r0, r3\n"
	  "ret r0" },
	{ "@[execname, probefunc] = count()", "count2s",
	  "ldb r1, execname\nldb r2, probefunc\nagg @0, r1, r0\nret r0" },
	{ "ALU mix (32 instructions)", NULL,
	  "ldb r1, arg0\nmovi r2, 3\nadd r3, r1, r2\nmul r4, r3, r2\n"
	  "sub r5, r4, r1\nxor r6, r5, r3\nand r7, r6, r4\nor r8, r7, r5\n"
	  "shl r9, r8, r2\nshr r10, r9, r2\nsar r11, r10, r2\n"
	  "setlt r12, r11, r1\nadd r3, r12, r2\nmul r4, r3, r3\n"
	  "sub r5, r4, r3\nxor r6, r5, r4\nand r7, r6, r5\nor r8, r7, r6\n"
	  "shl r9, r8, r2\nshr r10, r9, r2\nsar r11, r10, r2\n"
	  "seteq r12, r11, r1\nadd r3, r12, r2\nmul r4, r3, r3\n"
	  "sub r5, r4, r3\nxor r6, r5, r4\nand r7, r6, r5\nor r8, r7, r6\n"
	  "neg r9, r8\nnot r10, r9\nlnot r11, r10\nret r11" },
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int bench(const struct bcase *bc, long iters)
{
	static struct sonde_insn insns[256];
	static uint64_t consts[16];
	static char strtab[256], scratch[8192];
	static u64 stackbuf[255];
	static struct tenv env;
	struct sonde_dtype keys[2] = { { SONDE_DT_STR, 256 },
				       { SONDE_DT_STR, 256 } };
	struct sonde_pagg agg = { .name = "_", .keys = keys };
	struct sonde_pclause cl = { 0 };
	struct sonde_program p = { 0 };
	struct sonde_asm a = { (u64 *)consts, 0, 16, strtab, 0, sizeof(strtab) };
	struct sonde_vm_ctx ctx = { 0 };
	struct sonde_image img;
	const char *s = bc->src;
	char err[128], line[128];
	void *image;
	size_t size;
	double t0, t1;
	u64 ret;
	long i;

	while (*s) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);

		memcpy(line, s, n);
		line[n] = 0;
		if (sonde_asm_line(&a, line, &insns[cl.act_len], err,
				   sizeof(err)) == 0)
			cl.act_len++;
		s += n + (e ? 1 : 0);
	}
	if (bc->aggs) {
		agg.desc.fn = !strcmp(bc->aggs, "quantize") ?
			      SONDE_AGG_quantize : SONDE_AGG_count;
		agg.desc.nkeys = !strcmp(bc->aggs, "count2s") ? 2 : 0;
		p.aggs = &agg;
		p.naggs = 1;
	}
	p.clauses = &cl;
	p.nclauses = 1;
	p.insns = insns;
	p.ninsns = cl.act_len;
	p.consts = consts;
	p.nconsts = a.nconsts;
	p.strtab = strtab;
	p.strtab_len = a.strtab_len;
	if (sonde_program_image(&p, &image, &size) ||
	    sonde_image_verify(image, (u32)size, &img, NULL)) {
		fprintf(stderr, "vm_bench: %s does not verify\n", bc->name);
		return 1;
	}
	memset(&env, 0, sizeof(env));
	env.img = &img;
	env.args[0] = 77;
	ctx.img = &img;
	ctx.env = &env;
	ctx.scratch = scratch;
	ctx.scratch_size = sonde_vm_scratch_size(&img);
	ctx.stackbuf = stackbuf;

	for (i = 0; i < iters / 10; i++)	/* warm up */
		sonde_vm_run(&ctx, 0, cl.act_len, &ret);
	t0 = now_ns();
	for (i = 0; i < iters; i++) {
		ctx.scratch_used = img.scratch_base;
		sonde_vm_run(&ctx, 0, cl.act_len, &ret);
	}
	t1 = now_ns();
	printf("  %-42s %3u insns  %7.1f ns/run  %5.2f ns/insn\n", bc->name,
	       cl.act_len, (t1 - t0) / iters, (t1 - t0) / iters / cl.act_len);
	free(image);
	return 0;
}

int main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 2000000;
	size_t i;
	int err = 0;

	printf("sonde VM, %s dispatch, %ld runs each:\n", DISPATCH, iters);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		err |= bench(&cases[i], iters);
	return err;
}
