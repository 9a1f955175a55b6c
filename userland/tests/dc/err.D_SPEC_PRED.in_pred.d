/* @line: 2 */
BEGIN /speculation()/ { trace(1); }
