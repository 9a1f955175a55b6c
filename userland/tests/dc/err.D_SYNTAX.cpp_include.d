/* @cpp: an error inside an included file names that file and its line */
/* @file: cpp_bad.h */
/* @line: 3 */
#include "cpp_bad.h"

END { trace(2); }
