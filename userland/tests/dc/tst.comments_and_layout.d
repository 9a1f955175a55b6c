/*
 * comments of both kinds, several descriptions, empty actions
 */
// a line comment
syscall::open:entry,
syscall::openat:entry	/* the newer one */
{
}

profile-97 /arg0/ { }
tick-1sec {} dtrace:::END { trace(1); };
BEGIN { printf("a"); ; printf("b"); }
BEGIN { trace(1) }
