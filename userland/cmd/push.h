/* SPDX-License-Identifier: GPL-2.0 */
/*
 * push.h - sonde --push URL: folded profiles POSTed to a Pyroscope
 * server's /ingest (push.c, docs/pprof.md).  Started and stopped by the
 * main thread, fed by the consumer thread (the same one in sonde); the
 * sending is a thread of its own.
 */
#ifndef _SONDE_CLI_PUSH_H
#define _SONDE_CLI_PUSH_H

#include <stddef.h>
#include <stdint.h>

struct cli_push;

/* A message for the user (one line, without "sonde: "), from any thread. */
typedef void (*cli_push_say_fn)(const char *msg);

/*
 * Check @url (http://HOST[:PORT][/PREFIX][?name=APP]) and start the
 * sender: NULL and a message in @err when @url is not one.  @rate: the
 * profile's sampling rate in Hz (sampleRate), 0 for the server's default.
 */
struct cli_push *cli_push_start(const char *url, unsigned int rate,
				cli_push_say_fn say, char *err, size_t n);
/* Is @url one cli_push_start() takes?  0, or -EINVAL and why in @err. */
int cli_push_check(const char *url, char *err, size_t n);
/*
 * Queue aggregation @agg's folded lines @body for sending, the interval
 * from its last push (or the start) to now; never waits on the network.
 * 0, or -ENOMEM.  When CLI_PUSH_QUEUE profiles wait already, the oldest
 * is dropped (said).
 */
int cli_push_profile(struct cli_push *p, const char *agg, const char *body,
		     size_t len);
/* Send what is queued (for CLI_PUSH_STOP_MS at most), then stop. */
void cli_push_stop(struct cli_push *p);

/* The request's query for tests: name, from, until and the rest. */
int cli_push_query(char *buf, size_t n, const char *app, const char *agg,
		   const char *host, uint64_t from, uint64_t until,
		   unsigned int rate);

#endif /* _SONDE_CLI_PUSH_H */
