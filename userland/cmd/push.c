// SPDX-License-Identifier: GPL-2.0
/*
 * push.c - sonde --push URL: each printed stack aggregation's folded
 * lines POSTed to a Pyroscope server's /ingest (docs/pprof.md), as
 * Pyroscope's own agents push: the query names the application, the
 * interval (from, until: UNIX seconds), format=folded, sampleRate,
 * spyName; the body is the lines, "a;b;c 42".
 *
 * The consumer thread queues a copy of each profile (cli_push_profile())
 * and goes on: the network never holds the drain.  A thread of its own
 * sends them in order, one HTTP/1.1 connection each (Connection: close),
 * each attempt within CLI_PUSH_TIMEOUT_MS, CLI_PUSH_TRIES attempts 1 s
 * and 2 s apart when the server cannot be reached or answers 5xx; a 4xx
 * is not tried again (the request is wrong).  A profile that fails is
 * said and dropped, and so is the oldest when CLI_PUSH_QUEUE wait: memory
 * stays bounded however long the server is away.  At the end the queue
 * gets CLI_PUSH_STOP_MS to empty.  Plain HTTP only, hand-written: see
 * docs/pprof.md for why not libcurl.
 */
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "push.h"

#define CLI_PUSH_QUEUE		16
#define CLI_PUSH_TRIES		3
#define CLI_PUSH_TIMEOUT_MS	5000
#define CLI_PUSH_STOP_MS	15000
#define CLI_PUSH_MAXAGGS	64

struct cli_push_item {
	char *query;		/* name=...&from=... (malloc'd) */
	char *body;
	size_t len;
	char agg[64];		/* for messages */
};

struct cli_push {
	char host[256], port[8], prefix[512], app[128], hostname[128];
	unsigned int rate;
	cli_push_say_fn say;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;	/* an item queued, or stop */
	struct cli_push_item q[CLI_PUSH_QUEUE];	/* a ring (lock) */
	unsigned int head, n;
	bool stop;		/* (lock) */
	struct timespec stop_by;	/* the queue's deadline once stopping */
	uint64_t dropped;	/* (lock) */
	/* the consumer thread's: each aggregation's last until */
	struct {
		char name[64];
		uint64_t until;
	} last[CLI_PUSH_MAXAGGS];
	unsigned int nlast;
	uint64_t start;
};

static void cli_push_say(struct cli_push *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void cli_push_say(struct cli_push *p, const char *fmt, ...)
{
	char msg[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (p->say)
		p->say(msg);
}

/* ---- the query -------------------------------------------------------- */

/* Percent-encode @s (all but unreserved characters) onto @b at *@off. */
static void cli_pct(char *b, size_t n, size_t *off, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	unsigned char ch;

	for (; *s; s++) {
		ch = (unsigned char)*s;
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || strchr("-._~", ch)) {
			if (*off + 1 < n)
				b[(*off)++] = (char)ch;
		} else if (*off + 3 < n) {
			b[(*off)++] = '%';
			b[(*off)++] = hex[ch >> 4];
			b[(*off)++] = hex[ch & 15];
		} else {
			*off = n;	/* too long */
			return;
		}
	}
}

int cli_push_query(char *buf, size_t n, const char *app, const char *agg,
		   const char *host, uint64_t from, uint64_t until,
		   unsigned int rate)
{
	char name[512], tail[256];
	size_t off = 5;
	int w;

	/* Pyroscope's application name with its labels:
	 * APP.AGG{host=HOST} ("agg" for @, as -O pprof's sample type) */
	w = snprintf(name, sizeof(name), "%s.%s{host=%s}", app,
		     strcmp(agg, "_") ? agg : "agg", host);
	if (w < 0 || (size_t)w >= sizeof(name) || n < 6)
		return -ENAMETOOLONG;
	memcpy(buf, "name=", 5);
	cli_pct(buf, n, &off, name);
	if (off >= n)
		return -ENAMETOOLONG;
	if (rate)
		snprintf(tail, sizeof(tail), "&sampleRate=%u", rate);
	else
		tail[0] = '\0';
	w = snprintf(buf + off, n - off,
		     "&from=%llu&until=%llu&format=folded%s&spyName=sonde&units=samples&aggregationType=sum",
		     (unsigned long long)from, (unsigned long long)until,
		     tail);
	return w < 0 || (size_t)w >= n - off ? -ENAMETOOLONG : 0;
}

/* ---- one request ------------------------------------------------------ */

static long cli_push_ms_left(const struct timespec *by)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (by->tv_sec - t.tv_sec) * 1000 +
	       (by->tv_nsec - t.tv_nsec) / 1000000;
}

static bool cli_push_wait(int fd, short ev, const struct timespec *by)
{
	struct pollfd pfd = { .fd = fd, .events = ev };
	long left;
	int r;

	for (;;) {
		left = cli_push_ms_left(by);
		if (left <= 0)
			return false;
		r = poll(&pfd, 1, (int)left);
		if (r > 0)
			return true;
		if (r == 0 || errno != EINTR)
			return false;
	}
}

/*
 * POST one profile: the HTTP status (200...), or -errno with what failed
 * in @why.
 */
static int cli_push_post(struct cli_push *p, const struct cli_push_item *it,
			 char *why, size_t n)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *ai = NULL;
	struct timespec by;
	char head[2048], resp[256];
	size_t hlen, off = 0, rlen = 0;
	int fd = -1, err, status = 0, soerr;
	socklen_t sl = sizeof(soerr);
	ssize_t w;

	clock_gettime(CLOCK_MONOTONIC, &by);
	by.tv_sec += CLI_PUSH_TIMEOUT_MS / 1000;
	err = getaddrinfo(p->host, p->port, &hints, &ai);
	if (err) {
		snprintf(why, n, "%s: %s", p->host, gai_strerror(err));
		return -EHOSTUNREACH;
	}
	fd = socket(ai->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
		    0);
	if (fd < 0) {
		err = -errno;
		snprintf(why, n, "socket: %s", strerror(errno));
		goto out;
	}
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) && errno != EINPROGRESS) {
		err = -errno;
		snprintf(why, n, "connect: %s", strerror(errno));
		goto out;
	}
	if (!cli_push_wait(fd, POLLOUT, &by)) {
		err = -ETIMEDOUT;
		snprintf(why, n, "connect: timed out");
		goto out;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) || soerr) {
		err = -(soerr ? soerr : errno);
		snprintf(why, n, "connect: %s", strerror(-err));
		goto out;
	}
	hlen = (size_t)snprintf(head, sizeof(head),
		"POST %s/ingest?%s HTTP/1.1\r\nHost: %s:%s\r\n"
		"User-Agent: sonde\r\nContent-Type: text/plain\r\n"
		"Content-Length: %zu\r\nConnection: close\r\n\r\n",
		p->prefix, it->query, p->host, p->port, it->len);
	if (hlen >= sizeof(head)) {
		err = -ENAMETOOLONG;
		snprintf(why, n, "the request's head is too long");
		goto out;
	}
	/* the head, then the body */
	while (off < hlen + it->len) {
		const char *src = off < hlen ? head + off : it->body + (off - hlen);
		size_t left = off < hlen ? hlen - off : hlen + it->len - off;

		if (!cli_push_wait(fd, POLLOUT, &by)) {
			err = -ETIMEDOUT;
			snprintf(why, n, "sending: timed out");
			goto out;
		}
		w = send(fd, src, left, MSG_NOSIGNAL);
		if (w < 0 && errno != EINTR && errno != EAGAIN) {
			err = -errno;
			snprintf(why, n, "sending: %s", strerror(errno));
			goto out;
		}
		if (w > 0)
			off += (size_t)w;
	}
	/* the status line is all we read */
	while (rlen < sizeof(resp) - 1 && !memchr(resp, '\n', rlen)) {
		if (!cli_push_wait(fd, POLLIN, &by)) {
			err = -ETIMEDOUT;
			snprintf(why, n, "no answer within %d s",
				 CLI_PUSH_TIMEOUT_MS / 1000);
			goto out;
		}
		w = recv(fd, resp + rlen, sizeof(resp) - 1 - rlen, 0);
		if (w == 0)
			break;
		if (w < 0 && errno != EINTR && errno != EAGAIN) {
			err = -errno;
			snprintf(why, n, "receiving: %s", strerror(errno));
			goto out;
		}
		if (w > 0)
			rlen += (size_t)w;
	}
	resp[rlen] = '\0';
	resp[strcspn(resp, "\r\n")] = '\0';
	if (sscanf(resp, "HTTP/1.%*[01] %3d", &status) != 1 ||
	    status < 100 || status > 599) {
		err = -EPROTO;
		snprintf(why, n, "the answer is not HTTP: '%.60s'", resp);
		goto out;
	}
	snprintf(why, n, "%s", resp);
	err = status;
out:
	if (fd >= 0)
		close(fd);
	freeaddrinfo(ai);
	return err;
}

/* ---- the sender ------------------------------------------------------- */

static void cli_push_item_free(struct cli_push_item *it)
{
	free(it->query);
	free(it->body);
	memset(it, 0, sizeof(*it));
}

/*
 * Wait @ms before trying again: false when that would pass the end's
 * deadline (the profile is then given up).
 */
static bool cli_push_pause(struct cli_push *p, long ms)
{
	struct timespec t;
	bool stop;

	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_sec += ms / 1000;
	t.tv_nsec += (ms % 1000) * 1000000;
	if (t.tv_nsec >= 1000000000) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&p->lock);
	while (!p->stop &&
	       pthread_cond_timedwait(&p->cond, &p->lock, &t) != ETIMEDOUT)
		;
	stop = p->stop;
	pthread_mutex_unlock(&p->lock);
	if (!stop)
		return true;
	/* stopping (now or meanwhile): within the deadline only */
	if (cli_push_ms_left(&p->stop_by) <= ms)
		return false;
	usleep((useconds_t)ms * 1000);
	return true;
}

static void cli_push_send(struct cli_push *p, struct cli_push_item *it)
{
	char why[1024];
	int r = 0, i;

	for (i = 0; i < CLI_PUSH_TRIES; i++) {
		if (i && !cli_push_pause(p, 1000L << (i - 1)))
			break;	/* stopping: the queue has what is left */
		r = cli_push_post(p, it, why, sizeof(why));
		if (r >= 200 && r < 300)
			return;
		if (r >= 400 && r < 500)
			break;	/* the request is wrong: again will not do */
	}
	cli_push_say(p, "--push: the profile of @%s was not sent to http://%s:%s%s/ingest: %s%s",
		     it->agg, p->host, p->port, p->prefix, why,
		     r >= 400 && r < 500 ? "" : " (after retries)");
}

static void *cli_push_main(void *arg)
{
	struct cli_push *p = arg;
	struct cli_push_item it;

	for (;;) {
		pthread_mutex_lock(&p->lock);
		while (!p->n && !p->stop)
			pthread_cond_wait(&p->cond, &p->lock);
		if (!p->n || (p->stop && cli_push_ms_left(&p->stop_by) <= 0)) {
			pthread_mutex_unlock(&p->lock);
			break;
		}
		it = p->q[p->head];
		memset(&p->q[p->head], 0, sizeof(p->q[0]));
		p->head = (p->head + 1) % CLI_PUSH_QUEUE;
		p->n--;
		pthread_mutex_unlock(&p->lock);
		cli_push_send(p, &it);
		cli_push_item_free(&it);
	}
	return NULL;
}

/* ---- the command's side ------------------------------------------------ */

static uint64_t cli_push_now(void)
{
	return (uint64_t)time(NULL);
}

/* http://HOST[:PORT][/PREFIX][?name=APP]: 0, or -EINVAL with why in @err. */
static int cli_push_parse(struct cli_push *p, const char *url, char *err,
			  size_t n)
{
	const char *s = url, *e, *q;
	size_t len;

	if (!strncmp(s, "https://", 8)) {
		snprintf(err, n, "--push %s: https is not supported: push to a local proxy (or an agent such as Grafana Alloy) over http", url);
		return -EINVAL;
	}
	if (strncmp(s, "http://", 7)) {
		snprintf(err, n, "--push %s: the URL must start with http://", url);
		return -EINVAL;
	}
	s += 7;
	if (*s == '[') {	/* [v6]:port */
		e = strchr(s, ']');
		if (!e)
			goto out_bad;
		len = (size_t)(e - s - 1);
		if (len == 0 || len >= sizeof(p->host))
			goto out_bad;
		memcpy(p->host, s + 1, len);
		p->host[len] = '\0';
		s = e + 1;
	} else {
		len = strcspn(s, ":/?");
		if (len == 0 || len >= sizeof(p->host))
			goto out_bad;
		memcpy(p->host, s, len);
		p->host[len] = '\0';
		s += len;
	}
	strcpy(p->port, "80");
	if (*s == ':') {
		len = strspn(s + 1, "0123456789");
		if (len == 0 || len > 5 || atoi(s + 1) == 0 ||
		    atoi(s + 1) > 65535)
			goto out_bad;
		memcpy(p->port, s + 1, len);
		p->port[len] = '\0';
		s += 1 + len;
	}
	q = strchr(s, '?');
	len = q ? (size_t)(q - s) : strlen(s);
	while (len && s[len - 1] == '/')
		len--;
	if (len >= sizeof(p->prefix) || (len && *s != '/') ||
	    memchr(s, ' ', len))
		goto out_bad;
	memcpy(p->prefix, s, len);
	p->prefix[len] = '\0';
	strcpy(p->app, "sonde");
	if (q) {
		if (strncmp(q, "?name=", 6) || !q[6] ||
		    strlen(q + 6) >= sizeof(p->app) ||
		    strpbrk(q + 6, "&{}=%"))
			goto out_bad;
		strcpy(p->app, q + 6);
	}
	return 0;
out_bad:
	snprintf(err, n, "--push %s: not a URL sonde can push to: http://HOST[:PORT][/PREFIX][?name=APP]",
		 url);
	return -EINVAL;
}

int cli_push_check(const char *url, char *err, size_t n)
{
	struct cli_push *p = calloc(1, sizeof(*p));
	int r;

	if (!p) {
		snprintf(err, n, "--push: %s", strerror(ENOMEM));
		return -ENOMEM;
	}
	r = cli_push_parse(p, url, err, n);
	free(p);
	return r;
}

struct cli_push *cli_push_start(const char *url, unsigned int rate,
				cli_push_say_fn say, char *err, size_t n)
{
	struct cli_push *p = calloc(1, sizeof(*p));

	if (!p) {
		snprintf(err, n, "--push: %s", strerror(ENOMEM));
		return NULL;
	}
	if (cli_push_parse(p, url, err, n)) {
		free(p);
		return NULL;
	}
	if (gethostname(p->hostname, sizeof(p->hostname) - 1) ||
	    !p->hostname[0])
		strcpy(p->hostname, "localhost");
	p->rate = rate;
	p->say = say;
	p->start = cli_push_now();
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->cond, NULL);
	if (pthread_create(&p->thread, NULL, cli_push_main, p)) {
		snprintf(err, n, "--push: cannot start its thread");
		free(p);
		return NULL;
	}
	return p;
}

int cli_push_profile(struct cli_push *p, const char *agg, const char *body,
		     size_t len)
{
	struct cli_push_item it = { 0 };
	uint64_t from = p->start, until = cli_push_now();
	char query[1024];
	unsigned int i, slot;

	for (i = 0; i < p->nlast; i++)
		if (!strcmp(p->last[i].name, agg))
			break;
	if (i < p->nlast)
		from = p->last[i].until;
	else if (p->nlast < CLI_PUSH_MAXAGGS)
		snprintf(p->last[p->nlast++].name, sizeof(p->last[0].name),
			 "%s", agg);
	if (i < p->nlast)
		p->last[i].until = until;
	if (cli_push_query(query, sizeof(query), p->app, agg, p->hostname,
			   from, until, p->rate)) {
		cli_push_say(p, "--push: the name of @%s is too long", agg);
		return -ENAMETOOLONG;
	}
	snprintf(it.agg, sizeof(it.agg), "%s", strcmp(agg, "_") ? agg : "");
	it.query = strdup(query);
	it.body = malloc(len + 1);
	if (!it.query || !it.body) {
		cli_push_item_free(&it);
		return -ENOMEM;
	}
	memcpy(it.body, body, len);
	it.len = len;
	pthread_mutex_lock(&p->lock);
	if (p->n == CLI_PUSH_QUEUE) {
		cli_push_item_free(&p->q[p->head]);
		p->head = (p->head + 1) % CLI_PUSH_QUEUE;
		p->n--;
		if (!p->dropped++)
			cli_push_say(p, "--push: %d profiles wait for the server already: the oldest is dropped (and others, said at the end)",
				     CLI_PUSH_QUEUE);
	}
	slot = (p->head + p->n) % CLI_PUSH_QUEUE;
	p->q[slot] = it;
	p->n++;
	pthread_cond_signal(&p->cond);
	pthread_mutex_unlock(&p->lock);
	return 0;
}

void cli_push_stop(struct cli_push *p)
{
	unsigned int i;

	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	clock_gettime(CLOCK_MONOTONIC, &p->stop_by);
	p->stop_by.tv_sec += CLI_PUSH_STOP_MS / 1000;
	p->stop = true;
	pthread_cond_broadcast(&p->cond);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->thread, NULL);
	if (p->n)
		cli_push_say(p, "--push: %u profiles not sent within %d s of the end",
			     p->n, CLI_PUSH_STOP_MS / 1000);
	if (p->dropped)
		cli_push_say(p, "--push: %llu profiles dropped while the server was slow or away",
			     (unsigned long long)p->dropped);
	for (i = 0; i < CLI_PUSH_QUEUE; i++)
		cli_push_item_free(&p->q[i]);
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->cond);
	free(p);
}
