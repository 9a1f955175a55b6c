/* @line: 2 */
#include <stdio.h>
BEGIN { trace(1); }
