/* #pragma D attributes and binding, as DTrace's own D library writes
 * them: checked, accepted */
#pragma D attributes Evolving/Evolving/Common x
#pragma D attributes Stable/Stable/Common provider io args
#pragma D binding "1.0" x
inline int x = 3;
BEGIN { trace(x); exit(0); }
