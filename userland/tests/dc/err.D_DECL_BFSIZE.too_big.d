/* a bit-field wider than its type */
struct s { char c : 9; };
BEGIN { exit(0); }
