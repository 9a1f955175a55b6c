/* @nobtf: a member of an incomplete struct type */
struct s { struct nosuch n; };
BEGIN { exit(0); }
