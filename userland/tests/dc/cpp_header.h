/* included by tst.cpp_include.d */
#define	GREETING	"hello from a header"
#define	TWICE(x)	((x) * 2)
