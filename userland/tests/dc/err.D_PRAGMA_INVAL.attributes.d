/* #pragma D attributes: dtrace_str2attr()'s names only */
#pragma D attributes Sturdy/Evolving/Common x
BEGIN { exit(0); }
/* @msg: invalid attributes specified by #pragma attributes */
