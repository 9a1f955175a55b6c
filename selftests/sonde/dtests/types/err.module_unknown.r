-- @@stderr --
sonde: err.module_unknown.d:7:23: error: [D_TYPE_ERR] failed to resolve type struct no_such_mod`file: unknown module name no_such_mod
	trace(sizeof (struct no_such_mod`file));
	                     ^
