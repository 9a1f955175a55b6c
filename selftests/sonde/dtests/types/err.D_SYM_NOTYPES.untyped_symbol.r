-- @@stderr --
sonde: err.D_SYM_NOTYPES.untyped_symbol.d:7:8: error: [D_SYM_NOTYPES] no symbolic type information is available for vmlinux`jiffies: the kernel's BTF has no type for this variable; declare it (extern type jiffies;) or read it through a cast (*(type *)&`jiffies)
	trace(`jiffies);
	      ^
