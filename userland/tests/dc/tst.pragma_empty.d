/* the empty option: a program may have no clause */
#pragma D option empty
