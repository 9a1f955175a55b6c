/* a struct defined twice */
struct s { int a; };
struct s { int b; };	/* @line: 3 */
BEGIN { exit(0); }
