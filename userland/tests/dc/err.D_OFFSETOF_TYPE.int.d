/* offsetof of a non-struct */
BEGIN { trace(offsetof(int, a)); }
