int x;
string x;	/* @line: 2 */
BEGIN { trace(1); }
