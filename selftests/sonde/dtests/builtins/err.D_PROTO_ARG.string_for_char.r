-- @@stderr --
sonde: err.D_PROTO_ARG.string_for_char.d:6:29: error: [D_PROTO_ARG] strchr( ) argument #2 is incompatible with prototype:
	prototype: char
	 argument: string
BEGIN { trace(strchr("abc", "b")); }
                            ^
