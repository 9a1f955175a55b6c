/* included by err.D_SYNTAX.cpp_include.d: a syntax error on line 3 */
BEGIN {
    trace(1 +);
}
