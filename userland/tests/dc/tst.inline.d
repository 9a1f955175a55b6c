/* inline constants and expressions, typed as declared */
inline int TEN = 10;
inline char BIG = 300;
inline uint64_t MASK = ~0ULL >> 32;
inline int TWENTY = TEN * 2;
inline string GREETING = "hello";
inline int NEXT_PID = pid + 1;

BEGIN
{
	printf("%d %d %x %d %s\n", TEN, BIG, MASK, TWENTY, GREETING);
	trace(NEXT_PID - pid);
	trace(sizeof (TEN));
}
