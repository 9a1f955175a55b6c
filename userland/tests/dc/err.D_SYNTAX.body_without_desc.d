/* @line: 2 */
{ trace(1); }
