/* unsigned with a non-integer type */
struct s { int a; };
typedef struct s s_t;
s_t unsigned x;
BEGIN { exit(0); }
