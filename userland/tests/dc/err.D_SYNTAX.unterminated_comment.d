/* @line: 2 */
BEGIN { trace(1); } /* never closed
