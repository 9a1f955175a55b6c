// SPDX-License-Identifier: GPL-2.0
/*
 * types-prog.c - test helper for D's types in the guest (dtests/types/).
 *
 *   types-prog struct    write(2) to /dev/null a struct known_rec whose
 *                        members hold known values (below), so a tracer
 *                        copies it in and reads them by name
 *   types-prog read FILE N
 *                        read(2) N bytes of FILE once: fbt::vfs_read's
 *                        typed args[] see the file's name and N
 *   types-prog io N      write N bytes (a multiple of 4096) to /dev/vda
 *                        with O_DIRECT|O_SYNC: io:::start sees them
 *   types-prog ids       print "pid ppid comm": what curthread's task
 *                        must say, then getppid(2) once
 *
 * Exits 0, or 1 when a system call fails.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* the layout dtests/types/known.h declares in D */
struct known_rec {
	int32_t magic;			/* -123456 */
	uint16_t small;			/* 0xbeef */
	uint8_t flags;			/* bits: lo 3 = 5, hi 5 = 17 */
	char name[13];			/* "sonde-struct" */
	uint64_t big;			/* 0x0123456789abcdef */
	int16_t arr[3];			/* -1, 2, -3 */
};

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "struct")) {
		struct known_rec r;
		int fd = open("/dev/null", O_WRONLY);

		memset(&r, 0, sizeof(r));
		r.magic = -123456;
		r.small = 0xbeef;
		r.flags = 5 | (17 << 3);
		strcpy(r.name, "sonde-struct");
		r.big = 0x0123456789abcdefULL;
		r.arr[0] = -1;
		r.arr[1] = 2;
		r.arr[2] = -3;
		return fd < 0 || write(fd, &r, sizeof(r)) != sizeof(r);
	}
	if (argc > 3 && !strcmp(argv[1], "read")) {
		long n = strtol(argv[3], NULL, 0);
		char *buf = malloc(n ? n : 1);
		int fd = open(argv[2], O_RDONLY);

		return !buf || fd < 0 || read(fd, buf, n) < 0;
	}
	if (argc > 2 && !strcmp(argv[1], "io")) {
		long n = strtol(argv[2], NULL, 0);
		void *buf = NULL;
		int fd = open("/dev/vda", O_WRONLY | O_DIRECT | O_SYNC);

		if (fd < 0 || n <= 0 || n % 4096 ||
		    posix_memalign(&buf, 4096, n))
			return 1;
		memset(buf, 0x5a, n);
		return pwrite(fd, buf, n, 1 << 20) != n;
	}
	if (argc > 1 && !strcmp(argv[1], "ids")) {
		char comm[17] = "";

		prctl(PR_GET_NAME, comm);
		printf("%d %d %s\n", getpid(), getppid(), comm);
		fflush(stdout);
		syscall(SYS_getppid);
		return 0;
	}
	fprintf(stderr, "usage: %s struct | read FILE N | io N | ids\n",
		argv[0]);
	return 2;
}
