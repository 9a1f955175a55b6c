/* C storage classes D does not have */
static int x;
BEGIN { exit(0); }
