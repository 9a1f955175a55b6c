/* SPDX-License-Identifier: GPL-2.0 */
/*
 * httpd.h - sonde --listen: the /metrics server (httpd.c).  Started and
 * stopped by the main thread, updated by the consumer thread (the same
 * one in sonde).
 */
#ifndef _SONDE_CLI_HTTPD_H
#define _SONDE_CLI_HTTPD_H

#include <stddef.h>

struct cli_httpd;

/* Listen on @spec (ADDR:PORT) and serve; NULL and a message in @err. */
struct cli_httpd *cli_httpd_start(const char *spec, char *err, size_t n);
/* The exposition to serve from now on (copied); 0 or -ENOMEM. */
int cli_httpd_update(struct cli_httpd *h, const char *text, size_t len);
void cli_httpd_stop(struct cli_httpd *h);

#endif /* _SONDE_CLI_HTTPD_H */
