/* a provider definition's error, at its place in the script */
provider myapp {
	probe req__start(int, char *)
};
/* @msg: expected ';' before '}' */
