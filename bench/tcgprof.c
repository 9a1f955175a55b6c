// SPDX-License-Identifier: GPL-2.0
/*
 * tcgprof.c - a QEMU TCG plugin that counts the guest instructions every
 * translated block executes, so a guest's kernel path can be costed
 * exactly (PMU-less TCG has no perf).  bench/tcgprof.py turns its output
 * and the guest's /proc/kallsyms into instructions and block entries per
 * symbol.
 *
 *   qemu-system-x86_64 ... -plugin build/bench/tcgprof.so,out=FILE[,user=1]
 *                                   [,mark=HEXADDR][,sample=USECS]
 *
 * FILE gets one line per block that ran: "vaddr ninsns execs samples
 * trans", written at exit; trans counts the block's translations (TCG
 * translates code the first time it runs and again after its page is
 * written or the translation cache flushed), the emulator's own cost of
 * new code.  With sample=, a host thread also notes every USECS
 * microseconds which block ran last (a call per block records it), so
 * time spent outside translated code, in QEMU's helpers and main loop
 * (an interrupt-enabling sti ends the block and goes through it), is
 * charged to the block that led there: a time profile, where execs and
 * instructions are a count.  Meant for thread=single (one "last block").  Only kernel addresses are kept unless user=1.  With mark=, each
 * run of the block at HEXADDR (say __x64_sys_sync, in a guest booted with
 * nokaslr: `sync` then marks a point) also writes the counts so far to
 * FILE.1, FILE.2, ...: the difference of two is the profile between.  Counting is an
 * inline add per block: exact under thread=single, approximate under
 * multi-threaded TCG (the adds are not atomic).
 *
 * Declared here are only the few entry points of qemu-plugin.h (API
 * version 1, QEMU 7.x) it uses.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct {
	const char *target_name;
	struct {
		int min, cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus, max_vcpus;
		} system;
	};
} qemu_info_t;

#define EXPORT __attribute__((visibility("default")))

EXPORT int qemu_plugin_version = 1;

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
		void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
		int op, void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
		void (*cb)(unsigned int, void *), int flags, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
		void (*cb)(qemu_plugin_id_t, void *), void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);

struct blk {
	uint64_t vaddr;
	uint64_t ninsns;
	uint64_t execs;
	uint64_t samples;
	uint64_t trans;		/* times translated */
	struct blk *next;
};

#define NBUCKETS	(1u << 20)

static struct blk **table;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const char *out_path = "tcgprof.out";
static bool want_user;
static uint64_t mark_addr;
static unsigned int nmarks;
static unsigned long sample_us;
static struct blk *volatile last_blk;
static struct blk user_blk;	/* user code when user=0 */

static struct blk *blk_get(uint64_t vaddr, uint64_t n)
{
	uint64_t h = (vaddr * 0x9e3779b97f4a7c15ull ^ n) >> 44;
	struct blk *b;

	for (b = table[h & (NBUCKETS - 1)]; b; b = b->next)
		if (b->vaddr == vaddr && b->ninsns == n)
			return b;
	b = calloc(1, sizeof(*b));
	if (!b)
		abort();
	b->vaddr = vaddr;
	b->ninsns = n;
	b->next = table[h & (NBUCKETS - 1)];
	table[h & (NBUCKETS - 1)] = b;
	return b;
}

static void dump(const char *path);

static void on_mark(unsigned int vcpu, void *p)
{
	char path[4096];

	(void)vcpu;
	(void)p;
	pthread_mutex_lock(&lock);
	snprintf(path, sizeof(path), "%s.%u", out_path, ++nmarks);
	dump(path);
	pthread_mutex_unlock(&lock);
}

static void on_exec(unsigned int vcpu, void *p)
{
	(void)vcpu;
	last_blk = p;
}

static void *sampler(void *p)
{
	struct timespec ts = {
		.tv_sec = sample_us / 1000000,
		.tv_nsec = (sample_us % 1000000) * 1000,
	};

	(void)p;
	for (;;) {
		struct blk *b;

		nanosleep(&ts, NULL);
		b = last_blk;
		if (b)
			__atomic_fetch_add(&b->samples, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t va = qemu_plugin_tb_vaddr(tb);
	struct blk *b;

	(void)id;
	if (!want_user && va < 0xffff800000000000ull) {
		if (sample_us)
			qemu_plugin_register_vcpu_tb_exec_cb(tb, on_exec, 0,
							     &user_blk);
		return;
	}
	pthread_mutex_lock(&lock);
	b = blk_get(va, qemu_plugin_tb_n_insns(tb));
	b->trans++;
	pthread_mutex_unlock(&lock);
	/* op 0: QEMU_PLUGIN_INLINE_ADD_U64; blocks are never freed */
	qemu_plugin_register_vcpu_tb_exec_inline(tb, 0, &b->execs, 1);
	if (sample_us)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_exec, 0, b);
	if (mark_addr && va == mark_addr)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_mark, 0, NULL);
}

static void dump(const char *path)
{
	FILE *f = fopen(path, "w");
	uint32_t i;

	if (!f) {
		perror(path);
		return;
	}
	for (i = 0; i < NBUCKETS; i++) {
		struct blk *b;

		for (b = table[i]; b; b = b->next)
			if (b->execs || b->samples || b->trans)
				fprintf(f, "%llx %llu %llu %llu %llu\n",
					(unsigned long long)b->vaddr,
					(unsigned long long)b->ninsns,
					(unsigned long long)b->execs,
					(unsigned long long)b->samples,
					(unsigned long long)b->trans);
	}
	fprintf(f, "0 0 0 %llu 0\n", (unsigned long long)user_blk.samples);
	fclose(f);
}

static void on_exit_(qemu_plugin_id_t id, void *p)
{
	(void)id;
	(void)p;
	dump(out_path);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			       int argc, char **argv)
{
	int i;

	(void)info;
	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4))
			out_path = argv[i] + 4;
		else if (!strncmp(argv[i], "mark=", 5))
			mark_addr = strtoull(argv[i] + 5, NULL, 16);
		else if (!strncmp(argv[i], "sample=", 7))
			sample_us = strtoul(argv[i] + 7, NULL, 10);
		else if (!strcmp(argv[i], "user=1"))
			want_user = true;
	}
	table = calloc(NBUCKETS, sizeof(*table));
	if (!table)
		return -1;
	if (sample_us) {
		pthread_t t;

		if (pthread_create(&t, NULL, sampler, NULL))
			return -1;
		pthread_detach(t);
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
	qemu_plugin_register_atexit_cb(id, on_exit_, NULL);
	return 0;
}
