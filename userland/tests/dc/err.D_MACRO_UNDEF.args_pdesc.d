/* a description that fails leaves args[] typed quietly (a bug once: no
 * error, then code for an unchecked args[]) */
python$nosuch:::function-entry { trace(args[0]); }
