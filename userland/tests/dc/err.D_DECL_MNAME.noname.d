/* a member without a name */
struct s { int; };
BEGIN { exit(0); }
