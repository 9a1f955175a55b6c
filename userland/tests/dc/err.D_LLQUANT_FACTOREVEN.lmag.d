/* 80 steps: a multiple of 10, but 100, the first power at least 80, is not
 * a multiple of 80 */
BEGIN { @ = llquantize(1, 10, 2, 6, 80); }
