// SPDX-License-Identifier: GPL-2.0
/*
 * net-prog.c - test helper: loopback traffic of known shape for the ip,
 * tcp and udp providers (selftests/sonde/dtests/net/).  It brings the
 * loopback interface up first (the test guest's init leaves it down).
 * One command:
 *
 *   tcp4 N BYTES   N connections to 127.0.0.1 port 7014, one after the
 *                  other, each: connect(), accept(), BYTES bytes written
 *                  by the client (one write()) and read by the server,
 *                  the client's close(), the server's read() of the end
 *                  of file, the server's close().  The listener is
 *                  open from before the first to after the last.
 *   tcp6 N BYTES   the same on ::1 port 7016
 *   udp4 SIZE...   one datagram of each SIZE bytes from 127.0.0.1 port
 *                  7024 to 127.0.0.1 port 7025, each received
 *   udp6 SIZE...   the same on ::1, ports 7026 to 7027
 *   refused        a connect() to 127.0.0.1 port 7019, where nothing
 *                  listens: ECONNREFUSED
 *   refused6       the same to ::1 port 7019
 *   mix            all of them, small: tcp4 2 100, tcp6 2 100, udp4 10,
 *                  udp6 10, refused
 *   up             the loopback interface up, nothing else
 *
 * Prints nothing; exits 0 when every call did what was expected (1, with
 * a message on stderr, otherwise).  It waits 100 ms before it exits, so
 * that the last segments, which loopback delivers in a softirq, are in
 * before the tracing stops.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define PORT_TCP4	7014
#define PORT_TCP6	7016
#define PORT_REFUSED	7019
#define PORT_UDP4	7024
#define PORT_UDP6	7026

static int fail(const char *what)
{
	fprintf(stderr, "net-prog: %s: %s\n", what, strerror(errno));
	return 1;
}

static int lo_up(void)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0)
		return fail("socket");
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0) {
		close(fd);
		return fail("SIOCGIFFLAGS lo");
	}
	if (!(ifr.ifr_flags & IFF_UP)) {
		ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
		if (ioctl(fd, SIOCSIFFLAGS, &ifr) < 0) {
			close(fd);
			return fail("SIOCSIFFLAGS lo");
		}
	}
	close(fd);
	return 0;
}

/* @port on the loopback address of family @af */
static socklen_t lo_addr(int af, int port, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (af == AF_INET) {
		struct sockaddr_in *in = (struct sockaddr_in *)ss;

		in->sin_family = AF_INET;
		in->sin_port = htons(port);
		in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		return sizeof(*in);
	}
	((struct sockaddr_in6 *)ss)->sin6_family = AF_INET6;
	((struct sockaddr_in6 *)ss)->sin6_port = htons(port);
	((struct sockaddr_in6 *)ss)->sin6_addr = in6addr_loopback;
	return sizeof(struct sockaddr_in6);
}

static int bound(int af, int type, int port)
{
	struct sockaddr_storage ss;
	socklen_t len = lo_addr(af, port, &ss);
	int one = 1, fd = socket(af, type, 0);

	if (fd < 0)
		return -1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&ss, len) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static int tcp(int af, int port, long n, long bytes)
{
	struct sockaddr_storage ss;
	socklen_t len = lo_addr(af, port, &ss);
	char *buf = calloc(1, bytes + 1);
	int l = bound(af, SOCK_STREAM, port);
	long i, got;

	if (!buf)
		return fail("calloc");
	if (l < 0 || listen(l, 16) < 0)
		return fail("listen");
	memset(buf, 'x', bytes);
	for (i = 0; i < n; i++) {
		int c = socket(af, SOCK_STREAM, 0), s;
		ssize_t r;

		if (c < 0 || connect(c, (struct sockaddr *)&ss, len) < 0)
			return fail("connect");
		s = accept(l, NULL, NULL);
		if (s < 0)
			return fail("accept");
		if (write(c, buf, bytes) != bytes)
			return fail("write");
		for (got = 0; got < bytes; got += r) {
			r = read(s, buf, bytes - got);
			if (r <= 0)
				return fail("read");
		}
		close(c);
		if (read(s, buf, 1) != 0)
			return fail("read of the end");
		close(s);
	}
	close(l);
	free(buf);
	return 0;
}

static int udp(int af, int port, char **sizes, int nsizes)
{
	struct sockaddr_storage to;
	socklen_t len = lo_addr(af, port + 1, &to);
	int s = bound(af, SOCK_DGRAM, port);
	int r = bound(af, SOCK_DGRAM, port + 1);
	static char buf[65536];
	int i;

	if (s < 0 || r < 0)
		return fail("bind");
	memset(buf, 'u', sizeof(buf));
	for (i = 0; i < nsizes; i++) {
		long size = atol(sizes[i]);

		if (size < 0 || size > 60000) {
			fprintf(stderr, "net-prog: bad size %s\n", sizes[i]);
			return 1;
		}
		if (sendto(s, buf, size, 0, (struct sockaddr *)&to, len) !=
		    size)
			return fail("sendto");
		if (recv(r, buf, sizeof(buf), 0) != size)
			return fail("recv");
	}
	close(s);
	close(r);
	return 0;
}

static int refused(int af)
{
	struct sockaddr_storage ss;
	socklen_t len = lo_addr(af, PORT_REFUSED, &ss);
	int c = socket(af, SOCK_STREAM, 0);

	if (c < 0)
		return fail("socket");
	if (connect(c, (struct sockaddr *)&ss, len) == 0 ||
	    errno != ECONNREFUSED) {
		fprintf(stderr, "net-prog: connect to port %d: not refused\n",
			PORT_REFUSED);
		return 1;
	}
	close(c);
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: net-prog tcp4|tcp6 N BYTES | udp4|udp6 SIZE... | refused | refused6 | mix | up\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct timespec ts = { 0, 100 * 1000 * 1000 };
	int rc;

	if (argc < 2)
		return usage();
	if (lo_up())
		return 1;
	if (!strcmp(argv[1], "tcp4") && argc == 4)
		rc = tcp(AF_INET, PORT_TCP4, atol(argv[2]), atol(argv[3]));
	else if (!strcmp(argv[1], "tcp6") && argc == 4)
		rc = tcp(AF_INET6, PORT_TCP6, atol(argv[2]), atol(argv[3]));
	else if (!strcmp(argv[1], "udp4") && argc > 2)
		rc = udp(AF_INET, PORT_UDP4, argv + 2, argc - 2);
	else if (!strcmp(argv[1], "udp6") && argc > 2)
		rc = udp(AF_INET6, PORT_UDP6, argv + 2, argc - 2);
	else if (!strcmp(argv[1], "refused") && argc == 2)
		rc = refused(AF_INET);
	else if (!strcmp(argv[1], "refused6") && argc == 2)
		rc = refused(AF_INET6);
	else if (!strcmp(argv[1], "mix") && argc == 2) {
		static char ten[] = "10", *sizes[] = { ten };

		rc = tcp(AF_INET, PORT_TCP4, 2, 100) ||
		     tcp(AF_INET6, PORT_TCP6, 2, 100) ||
		     udp(AF_INET, PORT_UDP4, sizes, 1) ||
		     udp(AF_INET6, PORT_UDP6, sizes, 1) || refused(AF_INET);
	} else if (!strcmp(argv[1], "up") && argc == 2)
		rc = 0;
	else
		return usage();
	nanosleep(&ts, NULL);
	return rc;
}
