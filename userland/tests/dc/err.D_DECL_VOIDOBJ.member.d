/* a void member */
struct s { void v; };
BEGIN { exit(0); }
