/* @line: 2 */
BEGIN { trace(1 # 2); }
