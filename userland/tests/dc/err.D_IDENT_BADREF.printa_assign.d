/* printa is an action, no variable (printf, trace and exit were refused,
 * printa was not) */
BEGIN { printa = 1; }
/* @msg: printa is a function: it cannot be assigned */
