/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * --push sends profiles of stacks: a program without a stack-keyed
 * aggregation is refused before tracing.
 *
 * @@runtest-opts: --push http://127.0.0.1:19465
 */
syscall::getppid:entry { @[execname] = count(); }
