// SPDX-License-Identifier: GPL-2.0
/*
 * httpd.c - sonde --listen ADDR:PORT: GET /metrics over HTTP/1.1, the
 * latest -O prometheus exposition (docs/prometheus.md).
 *
 * One thread of its own, one connection at a time, closed after its
 * answer: a scrape is one request every few seconds, and a server that
 * never holds two clients has no state to bound but one request buffer.
 * A request is read into a fixed buffer of CLI_HTTPD_REQMAX bytes (431
 * when its head does not fit), within CLI_HTTPD_TIMEOUT_MS overall, as is
 * the answer, so a slow or silent client holds the server a few seconds
 * at most.  GET and HEAD of /metrics (a query string is ignored) are 200,
 * another path 404, another method 405, a request line that is not
 * HTTP/1.x 400.  The consumer thread hands each exposition over with
 * cli_httpd_update() (a copy under the mutex); a request copies the
 * latest under the same mutex and answers from its copy.  No library:
 * the server is this file, its start a socket, bind, listen and a
 * thread, so the command starts as fast as without it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "httpd.h"

#define CLI_HTTPD_REQMAX	4096
#define CLI_HTTPD_TIMEOUT_MS	5000

struct cli_httpd {
	int fd;			/* the listening socket */
	int stop[2];		/* a pipe: cli_httpd_stop() writes */
	pthread_t thread;
	pthread_mutex_t lock;
	char *body;		/* the latest exposition (lock) */
	size_t len;
};

static long cli_ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 +
	       (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/* Wait for @fd to be ready for @events within the request's time. */
static bool cli_wait(int fd, short events, const struct timespec *t0)
{
	struct pollfd p = { .fd = fd, .events = events };
	long left = CLI_HTTPD_TIMEOUT_MS - cli_ms_since(t0);

	return left > 0 && poll(&p, 1, (int)left) == 1;
}

static bool cli_send(int fd, const char *s, size_t n,
		     const struct timespec *t0)
{
	ssize_t w;

	while (n) {
		if (!cli_wait(fd, POLLOUT, t0))
			return false;
		w = send(fd, s, n, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (w < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (w <= 0)
			return false;
		s += w;
		n -= (size_t)w;
	}
	return true;
}

static void cli_answer(int fd, const char *status, const char *extra,
		       const char *type, const char *body, size_t len,
		       bool head, const struct timespec *t0)
{
	char hdr[512];
	int n;

	n = snprintf(hdr, sizeof(hdr),
		     "HTTP/1.1 %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n%sConnection: close\r\n\r\n",
		     status, type, len, extra);
	if (cli_send(fd, hdr, (size_t)n, t0) && !head && len)
		cli_send(fd, body, len, t0);
}

static void cli_error(int fd, const char *status, const char *extra,
		      const struct timespec *t0)
{
	char body[64];
	int n = snprintf(body, sizeof(body), "%s\n", status);

	cli_answer(fd, status, extra, "text/plain; charset=utf-8", body,
		   (size_t)n, false, t0);
}

/* One connection: read the head, answer, close. */
static void cli_serve(struct cli_httpd *h, int fd)
{
	char req[CLI_HTTPD_REQMAX + 1], *sp, *path, *ver, *eol, *body;
	struct timespec t0;
	size_t got = 0, len;
	bool head;
	ssize_t r;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		if (got == CLI_HTTPD_REQMAX) {
			cli_error(fd, "431 Request Header Fields Too Large",
				  "", &t0);
			return;
		}
		if (!cli_wait(fd, POLLIN, &t0))
			return;
		r = recv(fd, req + got, CLI_HTTPD_REQMAX - got, MSG_DONTWAIT);
		if (r < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (r <= 0)
			return;
		got += (size_t)r;
		req[got] = '\0';
		if (memmem(req, got, "\r\n\r\n", 4) || memmem(req, got, "\n\n", 2))
			break;
	}
	/* METHOD SP TARGET SP HTTP/1.x */
	eol = strpbrk(req, "\r\n");
	if (!eol) {		/* a NUL before the end of the line */
		cli_error(fd, "400 Bad Request", "", &t0);
		return;
	}
	*eol = '\0';
	sp = strchr(req, ' ');
	path = sp ? sp + 1 : NULL;
	ver = path ? strchr(path, ' ') : NULL;
	if (!ver || strncmp(ver + 1, "HTTP/1.", 7) || strchr(ver + 1, ' ') ||
	    sp == req) {
		cli_error(fd, "400 Bad Request", "", &t0);
		return;
	}
	*sp = '\0';
	*ver = '\0';
	head = !strcmp(req, "HEAD");
	if (!head && strcmp(req, "GET")) {
		cli_error(fd, "405 Method Not Allowed", "Allow: GET, HEAD\r\n",
			  &t0);
		return;
	}
	len = strcspn(path, "?");
	if (len != 8 || strncmp(path, "/metrics", 8)) {
		cli_error(fd, "404 Not Found", "", &t0);
		return;
	}
	pthread_mutex_lock(&h->lock);
	len = h->len;
	body = malloc(len + 1);
	if (body && len)
		memcpy(body, h->body, len);
	pthread_mutex_unlock(&h->lock);
	if (!body) {
		cli_error(fd, "503 Service Unavailable", "", &t0);
		return;
	}
	cli_answer(fd, "200 OK", "", "text/plain; version=0.0.4; charset=utf-8",
		   body, len, head, &t0);
	free(body);
}

static void *cli_httpd_main(void *arg)
{
	struct cli_httpd *h = arg;
	struct pollfd p[2] = { { .fd = h->fd, .events = POLLIN },
			       { .fd = h->stop[0], .events = POLLIN } };
	int fd;

	for (;;) {
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (p[1].revents)
			break;
		if (!(p[0].revents & POLLIN))
			continue;
		fd = accept4(h->fd, NULL, NULL, SOCK_CLOEXEC);
		if (fd < 0)
			continue;
		cli_serve(h, fd);
		close(fd);
	}
	return NULL;
}

/* "ADDR:PORT", "[ADDR6]:PORT", ":PORT" (every address) or
 * "localhost:PORT". */
static int cli_parse_addr(const char *spec, struct sockaddr_storage *ss,
			  socklen_t *sl, char *err, size_t n)
{
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;
	struct sockaddr_in *s4 = (struct sockaddr_in *)ss;
	const char *colon = strrchr(spec, ':'), *port;
	char host[64];
	size_t hl;
	char *end;
	long pn;

	if (!colon) {
		snprintf(err, n, "--listen %s: expected ADDR:PORT", spec);
		return -1;
	}
	port = colon + 1;
	pn = strtol(port, &end, 10);
	if (!*port || *end || pn < 1 || pn > 65535) {
		snprintf(err, n, "--listen %s: the port must be 1 to 65535",
			 spec);
		return -1;
	}
	hl = (size_t)(colon - spec);
	if (hl >= sizeof(host)) {
		snprintf(err, n, "--listen %s: address too long", spec);
		return -1;
	}
	memcpy(host, spec, hl);
	host[hl] = '\0';
	memset(ss, 0, sizeof(*ss));
	if (host[0] == '[' && hl > 2 && host[hl - 1] == ']') {
		host[hl - 1] = '\0';
		s6->sin6_family = AF_INET6;
		s6->sin6_port = htons((uint16_t)pn);
		*sl = sizeof(*s6);
		if (inet_pton(AF_INET6, host + 1, &s6->sin6_addr) == 1)
			return 0;
	} else {
		s4->sin_family = AF_INET;
		s4->sin_port = htons((uint16_t)pn);
		*sl = sizeof(*s4);
		if (!hl) {
			s4->sin_addr.s_addr = htonl(INADDR_ANY);
			return 0;
		}
		if (!strcmp(host, "localhost"))
			strcpy(host, "127.0.0.1");
		if (inet_pton(AF_INET, host, &s4->sin_addr) == 1)
			return 0;
	}
	snprintf(err, n, "--listen %s: '%s' is not a numeric IPv4 address, [IPv6] address or localhost",
		 spec, host);
	return -1;
}

struct cli_httpd *cli_httpd_start(const char *spec, char *err, size_t n)
{
	struct cli_httpd *h = calloc(1, sizeof(*h));
	struct sockaddr_storage ss;
	sigset_t all, old;
	socklen_t sl;
	int one = 1;

	if (!h) {
		snprintf(err, n, "--listen: out of memory");
		return NULL;
	}
	h->fd = -1;
	h->stop[0] = h->stop[1] = -1;
	if (cli_parse_addr(spec, &ss, &sl, err, n))
		goto out_free;
	h->fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (h->fd < 0 ||
	    setsockopt(h->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(h->fd, (struct sockaddr *)&ss, sl) || listen(h->fd, 16)) {
		snprintf(err, n, "--listen %s: %s", spec, strerror(errno));
		goto out_close;
	}
	if (pipe2(h->stop, O_CLOEXEC)) {
		snprintf(err, n, "--listen: %s", strerror(errno));
		goto out_close;
	}
	pthread_mutex_init(&h->lock, NULL);
	/* signals (^C) stay the main thread's */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	errno = pthread_create(&h->thread, NULL, cli_httpd_main, h);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (errno) {
		snprintf(err, n, "--listen: %s", strerror(errno));
		goto out_close;
	}
	return h;
out_close:
	if (h->stop[0] >= 0) {
		close(h->stop[0]);
		close(h->stop[1]);
	}
	if (h->fd >= 0)
		close(h->fd);
out_free:
	free(h);
	return NULL;
}

int cli_httpd_update(struct cli_httpd *h, const char *text, size_t len)
{
	char *copy = malloc(len + 1);

	if (!copy)
		return -ENOMEM;
	memcpy(copy, text, len);
	pthread_mutex_lock(&h->lock);
	free(h->body);
	h->body = copy;
	h->len = len;
	pthread_mutex_unlock(&h->lock);
	return 0;
}

void cli_httpd_stop(struct cli_httpd *h)
{
	if (!h)
		return;
	if (write(h->stop[1], "x", 1) == 1)
		pthread_join(h->thread, NULL);
	close(h->stop[0]);
	close(h->stop[1]);
	close(h->fd);
	pthread_mutex_destroy(&h->lock);
	free(h->body);
	free(h);
}
