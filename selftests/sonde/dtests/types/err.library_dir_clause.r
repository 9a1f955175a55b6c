-- @@stderr --
sonde: badlib/clause.d:3:1: error: [D_SYNTAX] a D library may not hold probe clauses
BEGIN { exit(0); }
^
sonde: err.library_dir_clause.d:9:8: error: [D_IDENT_UNDEF] failed to resolve MY_LIMIT: Unknown variable name
	trace(MY_LIMIT);
	      ^
