/* #pragma D depends_on: a module with type information (the kernel's),
 * and a provider (checked against the kernel's listing when the command
 * has one; not here) */
#pragma D depends_on module vmlinux
#pragma D depends_on provider syscall
BEGIN { exit(0); }
