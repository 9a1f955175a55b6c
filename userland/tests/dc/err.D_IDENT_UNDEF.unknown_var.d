/* @line: 3 */
BEGIN
{ trace(nosuchvar); }
