// SPDX-License-Identifier: GPL-2.0
/*
 * write-known.c - test helper for copyin(): write(2) COUNT times (argv[1],
 * default 3) to /dev/null a 16-byte buffer whose first 4 bytes are the int
 * 0x00c0ffee and the next 12 the text "sonde-copyin" (no NUL).  With
 * argv[2] "bad", one more write in the middle passes the address 1, which
 * write fails with EFAULT: a tracer that copies from it gets a fault, and
 * the program goes on.  Prints nothing; exits 0 unless a write of the
 * buffer fails.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned char buf[16];
	int magic = 0x00c0ffee, fd;
	long i, n = 3;
	char *end;

	if (argc > 1) {
		n = strtol(argv[1], &end, 0);
		if (*argv[1] == '\0' || *end != '\0' || n < 0) {
			fprintf(stderr, "usage: %s [COUNT [bad]]\n", argv[0]);
			return 2;
		}
	}
	memcpy(buf, &magic, sizeof(magic));
	memcpy(buf + 4, "sonde-copyin", 12);
	fd = open("/dev/null", O_WRONLY);
	if (fd < 0)
		return 1;
	for (i = 0; i < n; i++) {
		/* the raw syscall: no libc buffering or checks */
		if (syscall(SYS_write, fd, buf, sizeof(buf)) != sizeof(buf))
			return 1;
		if (i == n / 2 - 1 && argc > 2 && !strcmp(argv[2], "bad"))
			syscall(SYS_write, fd, (void *)1, sizeof(buf));
	}
	return 0;
}
