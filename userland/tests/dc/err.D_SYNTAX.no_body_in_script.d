/* @line: 3 */
BEGIN
