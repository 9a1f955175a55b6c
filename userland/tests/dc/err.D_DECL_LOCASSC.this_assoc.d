/* a clause-local associative array */
this int a[int];
BEGIN { exit(0); }
