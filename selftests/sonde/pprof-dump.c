// SPDX-License-Identifier: GPL-2.0
/*
 * pprof-dump.c - test helper: read a gzipped pprof profile (sonde -O
 * pprof's) and print it as text, for the D tests in a guest that has no
 * pprof tool:
 *
 *	type NAME UNIT            one line per sample type, in order
 *	total NAME N              each type's values added
 *	sample V1 V2...: F1;F2..  each sample: its values, its frames'
 *	                          functions innermost first ("file:line"
 *	                          after a function that has a file)
 *	label KEY=VALUE           the sample's labels, after it
 *
 *   pprof-dump FILE
 *
 * Exit 0, or 1 with a message for a file that is not such a profile.
 * A reader of the fields sonde writes (profile.proto's numbers).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define MAXN	65536

struct buf {
	const uint8_t *p, *end;
};

static bool varint(struct buf *b, uint64_t *v)
{
	int s = 0;

	*v = 0;
	while (b->p < b->end && s < 64) {
		*v |= (uint64_t)(*b->p & 0x7f) << s;
		s += 7;
		if (!(*b->p++ & 0x80))
			return true;
	}
	return false;
}

/* The next field: its number, and a varint's value or a sub-buffer. */
static bool field(struct buf *b, uint32_t *num, uint64_t *v, struct buf *sub)
{
	uint64_t key;

	if (b->p >= b->end || !varint(b, &key))
		return false;
	*num = (uint32_t)(key >> 3);
	if ((key & 7) == 0)
		return varint(b, v);
	if ((key & 7) != 2 || !varint(b, v) || *v > (uint64_t)(b->end - b->p))
		return false;
	sub->p = b->p;
	sub->end = b->p + *v;
	b->p += *v;
	return true;
}

static char *strs[MAXN];
static uint32_t nstrs;
static uint64_t func_name[MAXN], func_file[MAXN];	/* by id */
static uint64_t loc_func[MAXN], loc_line[MAXN];		/* by id */
static uint64_t type_name[64], type_unit[64];
static uint32_t ntypes;

static const char *str(uint64_t i)
{
	return i < nstrs ? strs[i] : "?";
}

static uint8_t *gunzip(const char *path, size_t *n)
{
	gzFile f = gzopen(path, "rb");
	size_t cap = 1 << 16;
	uint8_t *d = malloc(cap);
	int r;

	*n = 0;
	if (!f || !d)
		return NULL;
	while ((r = gzread(f, d + *n, (unsigned int)(cap - *n))) > 0) {
		*n += (size_t)r;
		if (*n == cap) {
			cap *= 2;
			d = realloc(d, cap);
			if (!d)
				return NULL;
		}
	}
	gzclose(f);
	return r < 0 ? NULL : d;
}

int main(int argc, char **argv)
{
	struct buf all, b, s, t;
	uint64_t v, id, a, total[64] = { 0 };
	uint32_t num, n2, i;
	uint8_t *d;
	size_t n;
	int pass;

	if (argc != 2) {
		fprintf(stderr, "usage: pprof-dump FILE\n");
		return 1;
	}
	d = gunzip(argv[1], &n);
	if (!d) {
		fprintf(stderr, "pprof-dump: %s: not gzip\n", argv[1]);
		return 1;
	}
	all.p = d;
	all.end = d + n;
	/* pass 0: strings, types, functions, locations; pass 1: samples */
	for (pass = 0; pass < 2; pass++) {
		b = all;
		while (b.p < b.end) {
			if (!field(&b, &num, &v, &s)) {
				fprintf(stderr, "pprof-dump: %s: malformed\n",
					argv[1]);
				return 1;
			}
			if (pass == 0 && num == 6 && nstrs < MAXN) {
				strs[nstrs] = strndup((const char *)s.p, v);
				nstrs++;
			} else if (pass == 0 && num == 1 && ntypes < 64) {
				while (field(&s, &n2, &v, &t))
					if (n2 == 1)
						type_name[ntypes] = v;
					else if (n2 == 2)
						type_unit[ntypes] = v;
				ntypes++;
			} else if (pass == 0 && num == 5) {
				uint64_t nm = 0, fl = 0;

				id = 0;
				while (field(&s, &n2, &v, &t))
					if (n2 == 1)
						id = v;
					else if (n2 == 2)
						nm = v;
					else if (n2 == 4)
						fl = v;
				if (id < MAXN) {
					func_name[id] = nm;
					func_file[id] = fl;
				}
			} else if (pass == 0 && num == 4) {
				uint64_t fn = 0, ln = 0;
				struct buf l;

				id = 0;
				while (field(&s, &n2, &v, &t)) {
					if (n2 == 1) {
						id = v;
						continue;
					}
					if (n2 != 4)
						continue;
					while (field(&t, &n2, &v, &l)) {
						if (n2 == 1)
							fn = v;
						else if (n2 == 2)
							ln = v;
					}
				}
				if (id < MAXN) {
					loc_func[id] = fn;
					loc_line[id] = ln;
				}
			} else if (pass == 1 && num == 2) {
				struct buf locs = { 0 }, vals = { 0 }, l;
				bool first = true;

				printf("sample");
				t = s;
				while (field(&t, &n2, &v, &l))
					if (n2 == 1)
						locs = l;
					else if (n2 == 2)
						vals = l;
				for (i = 0; varint(&vals, &a); i++) {
					printf(" %lld", (long long)a);
					if (i < 64)
						total[i] += a;
				}
				printf(":");
				while (varint(&locs, &id)) {
					uint64_t f = id < MAXN ? loc_func[id] : 0;

					printf("%s%s", first ? " " : ";",
					       str(f < MAXN ? func_name[f] : 0));
					if (f < MAXN && func_file[f])
						printf(" %s:%llu",
						       str(func_file[f]),
						       (unsigned long long)loc_line[id]);
					first = false;
				}
				printf("\n");
				t = s;
				while (field(&t, &n2, &v, &l)) {
					uint64_t k = 0, sv = 0, nv = 0;
					struct buf x;

					if (n2 != 3)
						continue;
					while (field(&l, &n2, &v, &x))
						if (n2 == 1)
							k = v;
						else if (n2 == 2)
							sv = v;
						else if (n2 == 3)
							nv = v;
					if (sv)
						printf("label %s=%s\n", str(k),
						       str(sv));
					else
						printf("label %s=%lld\n", str(k),
						       (long long)nv);
				}
			}
		}
	}
	for (i = 0; i < ntypes; i++)
		printf("type %s %s\n", str(type_name[i]), str(type_unit[i]));
	for (i = 0; i < ntypes; i++)
		printf("total %s %llu\n", str(type_name[i]),
		       (unsigned long long)total[i]);
	return 0;
}
