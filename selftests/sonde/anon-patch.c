// SPDX-License-Identifier: GPL-2.0
/*
 * anon-patch.c - test helper: damage an anonymous enabling's file the way
 * only a bug or an attacker could, yet with a checksum that matches, so
 * that what the module refuses at load is the verifier's or the probes'
 * verdict, not the frame's (dtests/anon/).  The file is changed in place.
 *
 *   anon-patch FILE insn    the program's first instruction gets opcode
 *                           0xff, which no instruction has
 *   anon-patch FILE probe   the first probe's name becomes "no-such-probe"
 *   anon-patch FILE ecb     the first enabling names probe 0 of the table
 *
 * Exit 0 when patched, 1 with a message otherwise.  The CRC is vm/anon.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"

static unsigned char buf[SONDE_ANON_MAX_SIZE];

int main(int argc, char **argv)
{
	struct sonde_anon_hdr *h = (struct sonde_anon_hdr *)buf;
	struct sonde_prog_hdr *ph;
	struct sonde_probe_desc *d;
	struct sonde_ecb *ecb;
	struct sonde_anon_view v;
	size_t n;
	FILE *f;

	if (argc != 3) {
		fprintf(stderr, "usage: anon-patch FILE insn|probe|ecb\n");
		return 1;
	}
	f = fopen(argv[1], "r+");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	n = fread(buf, 1, sizeof(buf), f);
	if (sonde_anon_parse(buf, n, &v, NULL)) {
		fprintf(stderr, "anon-patch: %s is not a good file to start from\n",
			argv[1]);
		return 1;
	}
	ph = (struct sonde_prog_hdr *)(buf + h->prog_off);
	if (!strcmp(argv[2], "insn") && ph->sects[SONDE_SECT_INSNS].count) {
		buf[h->prog_off + ph->sects[SONDE_SECT_INSNS].off] = 0xff;
	} else if (!strcmp(argv[2], "probe")) {
		d = (struct sonde_probe_desc *)(buf + h->probes_off);
		snprintf(d->name, sizeof(d->name), "no-such-probe");
	} else if (!strcmp(argv[2], "ecb") && ph->sects[SONDE_SECT_ECBS].count) {
		ecb = (struct sonde_ecb *)(buf + h->prog_off +
					   ph->sects[SONDE_SECT_ECBS].off);
		ecb->probe_id = 0;
	} else {
		fprintf(stderr, "anon-patch: nothing to patch as %s\n", argv[2]);
		return 1;
	}
	h->crc = sonde_crc32(0, buf + sizeof(*h), n - sizeof(*h));
	if (fseek(f, 0, SEEK_SET) || fwrite(buf, 1, n, f) != n || fclose(f)) {
		perror(argv[1]);
		return 1;
	}
	return 0;
}
