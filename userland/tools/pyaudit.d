#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pyaudit.d - trace a Python program's audit events (PEP 578): what it
 * does that matters for security, as the interpreter reports it: files
 * opened ("open"), programs run ("subprocess.Popen", "os.system"),
 * sockets ("socket.connect"), code compiled and executed ("compile",
 * "exec"), modules imported ("import"), ... (the python provider's
 * audit USDT probe).
 *
 * USAGE: pyaudit.d -p PID | -c CMD [EVENT]
 *   EVENT   only events whose name starts with EVENT ("open", "os.")
 *
 * Traces until ^C or the end of the process.  pyaudit.d(8).
 */

#pragma D option quiet
#pragma D option zdefs
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
/$target == 0/
{
	printf("USAGE: pyaudit.d -p PID | -c CMD [EVENT]\n");
	printf("  EVENT   only events whose name starts with EVENT (\"open\", \"os.\")\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/$target/
{
	start = timestamp;
	printf("%-9s %-7s %s\n", "TIME(ms)", "TID", "EVENT");
}

/* arg0: the event's name, arg1: its arguments (a tuple object) */
python$target:::audit
/$$1 == "" || index(copyinstr(arg0), $$1) == 0/
{
	printf("%-9d %-7d %s\n", (timestamp - start) / 1000000, tid,
	    copyinstr(arg0));
}
