/* #pragma D binding: the version is a string */
#pragma D binding 1.0 x
BEGIN { exit(0); }
/* @msg: malformed #pragma binding "version" <ident> */
