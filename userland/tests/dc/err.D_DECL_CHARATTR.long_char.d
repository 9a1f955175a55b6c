/* long char */
long char x;
BEGIN { exit(0); }
