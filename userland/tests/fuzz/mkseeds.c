// SPDX-License-Identifier: GPL-2.0
/*
 * mkseeds.c - turn the VM corpus (userland/tests/vm/ .t files) into fuzz_vm
 * seeds: vm_test.c is compiled with its main() renamed and its calls of
 * sonde_image_verify_flags() routed here, so every image it builds is also
 * written out as a raw seed (vm-NNN.img).  A one-off tool, run by hand:
 *
 *   make build/tests/fuzz_mkseeds
 *   build/tests/fuzz_mkseeds userland/tests/vm userland/tests/fuzz/seeds
 */
#include <stdio.h>

#include "vm.h"

int seed_image_verify_flags(const void *image, u32 size,
			    struct sonde_image *img, u32 flags,
			    struct sonde_vlog *log);
int vm_test_main(int argc, char **argv);

static const char *seed_dir;
static unsigned int seed_n;

int seed_image_verify_flags(const void *image, u32 size,
			    struct sonde_image *img, u32 flags,
			    struct sonde_vlog *log)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/vm-%03u.img", seed_dir, seed_n++);
	f = fopen(path, "wb");
	if (f) {
		fwrite(image, 1, size, f);
		fclose(f);
	}
	return sonde_image_verify_flags(image, size, img, flags, log);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s vm-corpus-dir seed-dir\n", argv[0]);
		return 2;
	}
	seed_dir = argv[2];
	return vm_test_main(2, argv);
}
