/* an array of no elements */
int a[-1];
BEGIN { exit(0); }
