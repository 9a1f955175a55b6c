-- @@stderr --
sonde: err.D_PRAGMA_DEPEND.provider.d:6:1: error: [D_PRAGMA_DEPEND] program requires provider nosuchprov
#pragma D depends_on provider nosuchprov
^
