/* the scoping operator in a type name being declared */
struct vmlinux`s { int a; };
BEGIN { exit(0); }
