/* A provider like the Pony runtime's, for sonde -h (dtests/usdt/). */
provider pony {
	probe gc__start(uintptr_t);
	probe actor__msg__send(uintptr_t, uint32_t, uintptr_t, uintptr_t);
	probe rt__init();
	probe named(char *name, int (*fn)(int, int), long);
};
#pragma D attributes Evolving/Evolving/ISA provider pony provider
