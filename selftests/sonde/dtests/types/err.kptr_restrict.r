-- @@stderr --
sonde: <command line>:1:27: error: [D_IDENT_UNDEF] failed to resolve `jiffies: kernel symbol addresses are hidden (/proc/kallsyms reads 0 for every symbol; kernel.kptr_restrict is 2: run as root with kptr_restrict 0 or 1)
BEGIN { trace((uintptr_t)&`jiffies); exit(0); }
                          ^
