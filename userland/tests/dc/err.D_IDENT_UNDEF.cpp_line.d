/* @cpp: diagnostics keep the script's line numbers after cpp */
#include "cpp_header.h"
#define	X	1

BEGIN
{
	trace(X);
	/* @line: 9 */
	trace(nosuch);
}
