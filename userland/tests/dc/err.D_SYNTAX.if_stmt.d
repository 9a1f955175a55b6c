/* @line: 2 */
BEGIN { if (pid) trace(1); }
