// SPDX-License-Identifier: GPL-2.0
/*
 * vlog.c - the verifier log: lines appended to a caller's buffer, never
 * printed.  When the buffer is too small the text is cut and @needed keeps
 * counting, so the caller can say how much it would have taken (ENOSPC).
 * Where a rejection is (clause, instruction) is kept beside the text.
 * Process context only (verification runs at LOAD).
 */
#include "vm.h"

void sonde_vlog(struct sonde_vlog *log, const char *fmt, ...)
{
	va_list ap;
	u32 used, room;
	int n;

	if (!log)
		return;
	used = log->needed ? log->needed - 1 : 0;	/* without the NUL */
	room = log->size > used ? log->size - used : 0;
	va_start(ap, fmt);
	n = vsnprintf(room ? log->buf + used : NULL, room, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	log->needed = used + n + 1;
}

void sonde_vlog_at(struct sonde_vlog *log, u32 at, u32 clause, u32 pc)
{
	if (!log)
		return;
	if (at & SONDE_VLOG_AT_CLAUSE)
		log->clause = clause;
	if (at & SONDE_VLOG_AT_INSN)
		log->pc = pc;
	log->at |= at;
}
