/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * --push takes http://HOST[:PORT][/PREFIX][?name=APP]: https is refused
 * with the reason, as a usage error (status 2), before the program is
 * compiled.
 *
 * @@runtest-opts: --push https://pyroscope.example:4040
 * @@exitcode: 2
 */
syscall::getppid:entry { @[stack()] = count(); }
