/* past the arguments a provider definition declares */
provider myapp {
	probe req__start(int, char *);
};

myapp$target:::req-start { trace(args[2]); }
/* @msg: index 2 is out of range for req-start args[ ]: its provider definition gives it 2 arguments */
