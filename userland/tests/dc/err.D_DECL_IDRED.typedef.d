/* a typedef name declared twice */
typedef int foo_t;
typedef long foo_t;
BEGIN { exit(0); }
