/* two types in one declaration */
int void x;
BEGIN { exit(0); }
