/* a program with no clause, without the empty option */
#pragma D option quiet
