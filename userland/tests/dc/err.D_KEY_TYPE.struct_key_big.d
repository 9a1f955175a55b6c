/* a struct key holds at most 8192 bytes (SONDE_MAX_BYREF) */
struct big { char c[8193]; };
BEGIN { @[*(struct big *)0x1000] = count(); }	/* @line: 3 */
/* @msg: aggregation key #1: struct big of 8193 bytes */
