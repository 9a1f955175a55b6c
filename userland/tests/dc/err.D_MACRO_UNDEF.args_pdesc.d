/* @notarget: a description that fails leaves args[] typed quietly (a bug
 * once: no error, then code for an unchecked args[]) */
python$target:::function-entry { trace(args[0]); }
