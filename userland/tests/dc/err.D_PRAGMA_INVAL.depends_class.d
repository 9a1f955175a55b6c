/* the classes are provider, module and library */
#pragma D depends_on file foo
BEGIN { exit(0); }
/* @msg: invalid class file specified by #pragma depends_on */
