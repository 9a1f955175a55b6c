/* tcp:::send has five args[] (Oracle's args[5] is void): args[5] is out
 * of range */
tcp:::send { trace(args[5]); }
