// SPDX-License-Identifier: GPL-2.0
/*
 * test_httpd.c - sonde --listen's server (userland/cmd/httpd.c) on the
 * loopback address: GET /metrics answers the latest exposition, exactly,
 * with its length; HEAD the head alone; another path 404, another method
 * 405, a request line that is not HTTP 400, a head larger than the
 * buffer 431; a silent client does not stop the next one being served;
 * bad ADDR:PORT refused with its message.  Every request is bounded (a
 * few connections to 127.0.0.1, each with a timeout).
 *
 * Prints "ok N - what" / "not ok N - what" and a summary; exit 1 on any
 * failure.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "httpd.h"
#include "unit.h"

static int port;

/* Send @req (@n bytes) to the server, read the answer until it closes. */
static char *ask(const char *req, size_t n, bool send_all)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_port = htons((uint16_t)port) };
	static char buf[65536];
	struct timeval tv = { .tv_sec = 10 };
	size_t got = 0;
	ssize_t r;
	int fd;

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		close(fd);
		return NULL;
	}
	if (send_all && send(fd, req, n, MSG_NOSIGNAL) != (ssize_t)n) {
		close(fd);
		return NULL;
	}
	while (got < sizeof(buf) - 1 &&
	       (r = recv(fd, buf + got, sizeof(buf) - 1 - got, 0)) > 0)
		got += (size_t)r;
	buf[got] = '\0';
	close(fd);
	return buf;
}

static bool starts(const char *s, const char *with)
{
	return s && !strncmp(s, with, strlen(with));
}

int main(void)
{
	static const char body[] =
		"# HELP sonde_calls_total @calls = count()\n"
		"# TYPE sonde_calls_total counter\n"
		"sonde_calls_total 7\n";
	char spec[64], err[256], big[8192], want[512];
	struct cli_httpd *h = NULL;
	const char *r;
	int i;

	/* a free port: a few tries from one the pid picks */
	for (i = 0; i < 50 && !h; i++) {
		port = 20000 + (getpid() * 7 + i * 131) % 40000;
		snprintf(spec, sizeof(spec), "127.0.0.1:%d", port);
		h = cli_httpd_start(spec, err, sizeof(err));
	}
	if (!check(h != NULL, "the server listens on %s", spec)) {
		printf("# %s\n", err);
		return unit_summary("") ? 1 : 0;
	}

	r = ask("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", 35, true);
	check(starts(r, "HTTP/1.1 200 OK\r\n") &&
	      strstr(r, "\r\nContent-Length: 0\r\n") &&
	      strstr(r, "\r\n\r\n")[4] == '\0',
	      "before the first exposition: 200, empty");

	cli_httpd_update(h, "old", 3);
	cli_httpd_update(h, body, strlen(body));
	r = ask("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", 35, true);
	snprintf(want, sizeof(want),
		 "HTTP/1.1 200 OK\r\n"
		 "Content-Type: text/plain; version=0.0.4; charset=utf-8\r\n"
		 "Content-Length: %zu\r\n"
		 "Connection: close\r\n\r\n%s", strlen(body), body);
	if (!check(r && !strcmp(r, want), "GET /metrics: the latest exposition, exactly"))
		printf("# got: %s\n", r ? r : "(nothing)");

	r = ask("GET /metrics?x=1 HTTP/1.0\n\n", 27, true);
	check(starts(r, "HTTP/1.1 200 OK\r\n") && strstr(r, body),
	      "GET /metrics?query, HTTP/1.0, bare newlines: 200");

	r = ask("HEAD /metrics HTTP/1.1\r\n\r\n", 26, true);
	check(starts(r, "HTTP/1.1 200 OK\r\n") && !strstr(r, "sonde_calls") &&
	      strstr(r, "Content-Length: "),
	      "HEAD /metrics: the head alone");

	r = ask("GET / HTTP/1.1\r\n\r\n", 18, true);
	check(starts(r, "HTTP/1.1 404 Not Found\r\n"), "GET /: 404");
	r = ask("GET /metricsx HTTP/1.1\r\n\r\n", 26, true);
	check(starts(r, "HTTP/1.1 404 Not Found\r\n"), "GET /metricsx: 404");

	r = ask("POST /metrics HTTP/1.1\r\n\r\n", 26, true);
	check(starts(r, "HTTP/1.1 405 Method Not Allowed\r\n") &&
	      strstr(r, "\r\nAllow: GET, HEAD\r\n"), "POST: 405 with Allow");

	r = ask("hello\r\n\r\n", 9, true);
	check(starts(r, "HTTP/1.1 400 Bad Request\r\n"), "not HTTP: 400");
	r = ask("GET /metrics SPDY/3\r\n\r\n", 23, true);
	check(starts(r, "HTTP/1.1 400 Bad Request\r\n"), "not HTTP/1.x: 400");

	memset(big, 'a', sizeof(big));
	memcpy(big, "GET /metrics HTTP/1.1\r\nX: ", 26);
	r = ask(big, sizeof(big), true);
	check(starts(r, "HTTP/1.1 431 Request Header Fields Too Large\r\n"),
	      "a head larger than the buffer: 431");

	/* a client that sends nothing and goes: the next is served */
	r = ask("", 0, false);
	r = ask("GET /metrics HTTP/1.1\r\n\r\n", 25, true);
	check(starts(r, "HTTP/1.1 200 OK\r\n"),
	      "after a silent client, the next is served");
	cli_httpd_stop(h);

	h = cli_httpd_start("127.0.0.1", err, sizeof(err));
	check(!h && !strcmp(err, "--listen 127.0.0.1: expected ADDR:PORT"),
	      "no port: %s", err);
	h = cli_httpd_start("127.0.0.1:0", err, sizeof(err));
	check(!h && !strcmp(err, "--listen 127.0.0.1:0: the port must be 1 to 65535"),
	      "port 0: %s", err);
	h = cli_httpd_start("example.org:9100", err, sizeof(err));
	check(!h && strstr(err, "'example.org' is not a numeric IPv4 address"),
	      "a host name: %s", err);
	snprintf(spec, sizeof(spec), "[::1]:%d", port);
	h = cli_httpd_start(spec, err, sizeof(err));
	if (h || strstr(err, "Cannot assign") || strstr(err, "not supported"))
		check(true, "[::1]:PORT parses (%s)", h ? "listening" : err);
	else
		check(false, "[::1]:PORT: %s", err);
	cli_httpd_stop(h);
	unit_plan();
	return unit_summary("") ? 1 : 0;
}
