/* @line: 2 */
BEGIN /pid == 1 { trace(1); }
