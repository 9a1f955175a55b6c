/*
 * DTrace's NULL string: strchr(), strrchr(), strstr() finding nothing and
 * strtok() at the end return NULL, and reading its characters is a load
 * from address 0: the clause faults, "invalid address (0x0)".  A string
 * variable keeps it and a comparison compares it (tst.string_null.d).
 */
BEGIN { trace(strstr("abc", "z")); }
BEGIN { trace(strchr("abc", 'z')); }
BEGIN { x = strrchr("abc", 'z'); }
BEGIN { @[strtok(",,", ",")] = count(); }
BEGIN { trace(strtok("a", ",") == strtok(NULL, ",")); }
BEGIN { trace(strlen(strtok("", ","))); }
BEGIN { trace(strtok(NULL, ",")); }
