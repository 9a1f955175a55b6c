/* #pragma D binding: a "major.minor[.micro]" version */
#pragma D binding "1.x" x
BEGIN { exit(0); }
/* @msg: invalid version string specified by #pragma binding */
