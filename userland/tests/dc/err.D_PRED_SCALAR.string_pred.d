BEGIN /execname/ { trace(1); }
