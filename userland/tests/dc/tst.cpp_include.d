/* @cpp: -C with #define, #include of a local header, #if and -D */
#include "cpp_header.h"

#define	LIMIT	10

BEGIN
{
	trace(GREETING);
	trace(TWICE(LIMIT));
#if FROM_CMDLINE > 10
	trace(FROM_CMDLINE);
#else
	trace("no -D");
#endif
}
