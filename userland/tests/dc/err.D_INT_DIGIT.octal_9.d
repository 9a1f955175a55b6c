/* @line: 2 */
BEGIN { trace(09); }
