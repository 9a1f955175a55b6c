/* a class and a name */
#pragma D depends_on provider
BEGIN { exit(0); }
/* @msg: malformed #pragma depends_on <class> <name> */
