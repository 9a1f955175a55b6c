/* @cpp: after an #include, errors name the script and its own lines */
/* @file: err.D_IDENT_UNDEF.cpp_after_include.d */
#include "cpp_header.h"

BEGIN
{
	trace(GREETING);
	/* @line: 9 */
	trace(nosuch);
}
