// SPDX-License-Identifier: GPL-2.0
/*
 * test_push.c - sonde --push's sender (userland/cmd/push.c) against a
 * receiver on 127.0.0.1 in this process: the exact bytes of a POST to
 * PREFIX/ingest (query, head, folded body), the next interval starting
 * where the last ended, a 503 tried again with the same bytes, a 400 not
 * tried again and said, a queue that stays bounded while the server is
 * away (said), and URLs that are not one refused with their message.
 *
 * Prints "ok N - what" / "not ok N - what" and a summary; exit 1 on any
 * failure.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "push.h"
#include "unit.h"

/* ---- the receiver: each request's bytes, answered from a script ---- */

#define NREQ 8
static struct {
	int fd, port;
	int codes[NREQ];	/* the answers, in order (then 200) */
	char req[NREQ][4096];
	int n;			/* requests received (lock) */
	pthread_mutex_t lock;
} rx = { .lock = PTHREAD_MUTEX_INITIALIZER };

static void *rx_main(void *arg)
{
	char buf[4096], ans[128];
	struct timeval tv = { .tv_sec = 10 };
	size_t got;
	ssize_t r;
	char *h, *cl;
	int c, code;

	for (;;) {
		c = accept(rx.fd, NULL, NULL);
		if (c < 0)
			return NULL;
		setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		got = 0;
		/* the head, then Content-Length bytes */
		while (got < sizeof(buf) - 1) {
			r = recv(c, buf + got, sizeof(buf) - 1 - got, 0);
			if (r <= 0)
				break;
			got += (size_t)r;
			buf[got] = '\0';
			h = strstr(buf, "\r\n\r\n");
			cl = strstr(buf, "Content-Length: ");
			if (h && cl && got >= (size_t)(h + 4 - buf) +
					      strtoul(cl + 16, NULL, 10))
				break;
		}
		buf[got] = '\0';
		pthread_mutex_lock(&rx.lock);
		code = rx.n < NREQ && rx.codes[rx.n] ? rx.codes[rx.n] : 200;
		if (rx.n < NREQ)
			memcpy(rx.req[rx.n], buf, got + 1);
		rx.n++;
		pthread_mutex_unlock(&rx.lock);
		snprintf(ans, sizeof(ans),
			 "HTTP/1.1 %d X\r\nContent-Length: 0\r\n\r\n", code);
		send(c, ans, strlen(ans), MSG_NOSIGNAL);
		close(c);
	}
}

static int rx_count(void)
{
	int n;

	pthread_mutex_lock(&rx.lock);
	n = rx.n;
	pthread_mutex_unlock(&rx.lock);
	return n;
}

static void rx_reset(int c0, int c1)
{
	pthread_mutex_lock(&rx.lock);
	memset(rx.codes, 0, sizeof(rx.codes));
	memset(rx.req, 0, sizeof(rx.req));
	rx.codes[0] = c0;
	rx.codes[1] = c1;
	rx.n = 0;
	pthread_mutex_unlock(&rx.lock);
}

/* ---- what the sender says ---------------------------------------------- */

static char said[4096];
static pthread_mutex_t said_lock = PTHREAD_MUTEX_INITIALIZER;

static void say(const char *msg)
{
	pthread_mutex_lock(&said_lock);
	strncat(said, msg, sizeof(said) - strlen(said) - 2);
	strcat(said, "\n");
	pthread_mutex_unlock(&said_lock);
}

/* N of the line "--push: N @what" said, else 0 */
static int said_count(const char *what)
{
	const char *l = strstr(said, what);
	int n = 0;

	while (l && l > said && l[-1] != '\n')
		l--;
	if (l)
		sscanf(l, "--push: %d ", &n);
	return n;
}

static void refused(const char *url, const char *want)
{
	char err[512];
	struct cli_push *p = cli_push_start(url, 0, say, err, sizeof(err));

	if (!check(!p && !strcmp(err, want), "--push %s refused", url))
		printf("# got: %s\n", p ? "(started)" : err);
	cli_push_stop(p);
}

int main(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t al = sizeof(a);
	char url[128], err[512], q[1024], want[4096], host[128] = "";
	unsigned long long from, until, from2, until2;
	struct cli_push *p;
	time_t t0, t1;
	const char *r;
	pthread_t t;
	int i;

	/* the query, byte for byte */
	check(!cli_push_query(q, sizeof(q), "web", "_", "h-1", 10, 20, 97) &&
	      !strcmp(q, "name=web.agg%7Bhost%3Dh-1%7D&from=10&until=20&format=folded&sampleRate=97&spyName=sonde&units=samples&aggregationType=sum"),
	      "the query: name with the host label, interval, rate");
	check(!cli_push_query(q, sizeof(q), "sonde", "lat", "h", 1, 2, 0) &&
	      !strcmp(q, "name=sonde.lat%7Bhost%3Dh%7D&from=1&until=2&format=folded&spyName=sonde&units=samples&aggregationType=sum"),
	      "no sampleRate when the rate is unknown");

	refused("https://x:4040", "--push https://x:4040: https is not supported: push to a local proxy (or an agent such as Grafana Alloy) over http");
	refused("ftp://x", "--push ftp://x: the URL must start with http://");
	refused("http://", "--push http://: not a URL sonde can push to: http://HOST[:PORT][/PREFIX][?name=APP]");
	refused("http://h:0", "--push http://h:0: not a URL sonde can push to: http://HOST[:PORT][/PREFIX][?name=APP]");
	refused("http://h:70000", "--push http://h:70000: not a URL sonde can push to: http://HOST[:PORT][/PREFIX][?name=APP]");
	refused("http://h/p?x=1", "--push http://h/p?x=1: not a URL sonde can push to: http://HOST[:PORT][/PREFIX][?name=APP]");
	refused("http://h?name=a&b=c", "--push http://h?name=a&b=c: not a URL sonde can push to: http://HOST[:PORT][/PREFIX][?name=APP]");

	rx.fd = socket(AF_INET, SOCK_STREAM, 0);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (!check(rx.fd >= 0 && !bind(rx.fd, (struct sockaddr *)&a, sizeof(a)) &&
		   !listen(rx.fd, 16) &&
		   !getsockname(rx.fd, (struct sockaddr *)&a, &al),
		   "a receiver on 127.0.0.1"))
		return unit_summary("") ? 1 : 0;
	rx.port = ntohs(a.sin_port);
	pthread_create(&t, NULL, rx_main, NULL);
	gethostname(host, sizeof(host) - 1);

	/* one profile, its exact bytes; then the next interval */
	rx_reset(0, 0);
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/pfx/?name=web", rx.port);
	p = cli_push_start(url, 0, say, err, sizeof(err));
	check(p != NULL, "started: %s", p ? url : err);
	cli_push_profile(p, "x", "a;b 3\nc 1\n", 10);
	for (i = 0; i < 100 && rx_count() < 1; i++)
		usleep(50000);
	sleep(1);
	cli_push_profile(p, "x", "a;b 1\n", 6);
	cli_push_stop(p);
	check(rx_count() == 2, "two profiles, two requests (%d)", rx_count());
	from = until = from2 = until2 = 0;
	sscanf(rx.req[0], "POST /pfx/ingest?name=web.x%%7Bhost%%3D%*[^%%]%%7D&from=%llu&until=%llu",
	       &from, &until);
	sscanf(rx.req[1], "POST /pfx/ingest?name=web.x%%7Bhost%%3D%*[^%%]%%7D&from=%llu&until=%llu",
	       &from2, &until2);
	snprintf(want, sizeof(want),
		 "POST /pfx/ingest?name=web.x%%7Bhost%%3D%s%%7D&from=%llu&until=%llu&format=folded&spyName=sonde&units=samples&aggregationType=sum HTTP/1.1\r\n"
		 "Host: 127.0.0.1:%d\r\nUser-Agent: sonde\r\nContent-Type: text/plain\r\n"
		 "Content-Length: 10\r\nConnection: close\r\n\r\na;b 3\nc 1\n",
		 host, from, until, rx.port);
	if (!check(from && from <= until && !strcmp(rx.req[0], want),
		   "the POST's bytes: path, query, head, folded body"))
		printf("# got:  %s\n# want: %s\n", rx.req[0], want);
	check(from2 == until && until2 >= from2,
	      "the next profile's interval starts where the last ended (%llu..%llu, %llu..%llu)",
	      from, until, from2, until2);
	check(!said[0], "nothing said when all went well");

	/* 503: tried again, the same bytes; 400: said, not again */
	rx_reset(503, 0);
	p = cli_push_start(url, 0, say, err, sizeof(err));
	cli_push_profile(p, "x", "a 1\n", 4);
	for (i = 0; i < 100 && rx_count() < 2; i++)
		usleep(50000);
	cli_push_stop(p);
	check(rx_count() == 2 && !strcmp(rx.req[0], rx.req[1]) && !said[0],
	      "a 503 is tried again with the same bytes");
	rx_reset(400, 0);
	p = cli_push_start(url, 0, say, err, sizeof(err));
	cli_push_profile(p, "x", "a 1\n", 4);
	for (i = 0; i < 100 && !said[0]; i++)
		usleep(50000);
	cli_push_stop(p);
	if (!check(rx_count() == 1 &&
		   strstr(said, "--push: the profile of @x was not sent to http://127.0.0.1:") &&
		   strstr(said, "/pfx/ingest: HTTP/1.1 400 X\n"),
		   "a 400 is said and not tried again"))
		printf("# said: %s", said);
	said[0] = '\0';

	/* the server away: the queue stays bounded, the drop said at once */
	/* shutdown() wakes the accept(), which close() would not */
	shutdown(rx.fd, SHUT_RDWR);
	pthread_join(t, NULL);
	close(rx.fd);
	p = cli_push_start(url, 0, say, err, sizeof(err));
	for (i = 0; i < 20; i++)
		cli_push_profile(p, "x", "a 1\n", 4);
	check(strstr(said, "--push: 16 profiles wait for the server already: the oldest is dropped") != NULL,
	      "20 profiles for a server away: the queue keeps 16, says so");
	t0 = time(NULL);
	cli_push_stop(p);
	t1 = time(NULL);
	/* every profile accounted for: not sent (each said, or counted at
	 * the end) or dropped */
	for (i = 0, r = said; (r = strstr(r, "connect: Connection refused (after retries)\n")); r++)
		i++;
	i += said_count("profiles not sent within 15 s of the end");
	i += said_count("profiles dropped while the server was slow or away");
	if (!check(i == 20 && t1 - t0 <= 17,
		   "at the end: within the end's 15 s, each profile said as not sent or dropped (%d not sent, %ld s)",
		   i, (long)(t1 - t0)))
		printf("# said: %s", said);
	return unit_summary("") ? 1 : 0;
}
