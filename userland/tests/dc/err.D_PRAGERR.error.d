/* #pragma D error: the line's identifiers and strings as the message */
#pragma D error "this script needs" a newer kernel
BEGIN { exit(0); }
/* @msg: #error: this script needs a newer kernel */
