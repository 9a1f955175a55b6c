/* @cpp: sema errors in an included file name it too */
/* @file: cpp_undef.h */
/* @line: 7 */
#include "cpp_undef.h"

END { TRACE_IT(2); }
