/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * --push takes http://HOST[:PORT][/PREFIX][?name=APP]: https is refused
 * with the reason.
 *
 * @@runtest-opts: --push https://pyroscope.example:4040
 */
syscall::getppid:entry { @[stack()] = count(); }
