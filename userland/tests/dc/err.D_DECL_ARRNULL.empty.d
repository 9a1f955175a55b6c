/* an array declaration with neither dimension nor keys */
int a[];
BEGIN { exit(0); }
