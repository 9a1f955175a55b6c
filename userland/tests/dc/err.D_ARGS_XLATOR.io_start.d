/* io:::start args[0] is a bufinfo_t * in DTrace: sonde says what to use */
io:::start { trace(args[0]); }
