/* two storage classes */
extern typedef int x;
BEGIN { exit(0); }
