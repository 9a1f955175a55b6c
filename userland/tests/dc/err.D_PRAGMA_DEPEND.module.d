/* a module without type information */
#pragma D depends_on module nosuchmod
BEGIN { exit(0); }
/* @msg: program requires module nosuchmod */
