/* @line: 3 */
BEGIN { @a = count(); }
END { @a = sum(1); }
