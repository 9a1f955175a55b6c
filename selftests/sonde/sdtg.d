/*
 * A provider file as PostgreSQL's probes.d: types from #defines (which
 * sonde -C -h / -G read past), for a program built the way PostgreSQL's
 * build uses dtrace (selftests/build.mk, test_messages.sh).
 */
#define QueryId unsigned long

provider sdtg {
	probe query__start(QueryId, const char *);
	probe query__done(QueryId, int);
};
