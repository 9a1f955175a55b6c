BEGIN /copyin(arg0, 4)/ { trace(1); }
