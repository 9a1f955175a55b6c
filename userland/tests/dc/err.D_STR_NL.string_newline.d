/* @line: 2 */
BEGIN { trace("abc
"); }
