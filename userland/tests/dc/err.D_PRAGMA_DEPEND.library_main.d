/* only a D library depends on another */
#pragma D depends_on library net.d
BEGIN { exit(0); }
/* @msg: main program may not explicitly depend on a library */
