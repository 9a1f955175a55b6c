/* a provider definition in a program: its probes' declared types give
 * args[] of its USDT probes (a pointer as uintptr_t) */
provider myapp {
	probe req__start(int, char *);
	probe req__done(short count, long);
};

myapp$target:::req-done { trace(args[0]); trace(args[1]); }
myapp$target:::req-start { trace(copyinstr(args[1])); }
