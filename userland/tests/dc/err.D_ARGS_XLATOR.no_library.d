/* @nolib: without the D library, io's args[] cannot be translated */
io:::start { trace(args[0]->b_bcount); }
