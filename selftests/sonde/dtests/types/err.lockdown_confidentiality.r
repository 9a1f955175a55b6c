-- @@stderr --
sonde: <command line>:1:27: error: [D_IDENT_UNDEF] failed to resolve `jiffies: the kernel is locked down (confidentiality): kernel memory and symbol addresses are off limits
BEGIN { trace((uintptr_t)&`jiffies); exit(0); }
                          ^
