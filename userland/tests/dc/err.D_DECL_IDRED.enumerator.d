/* an enumerator declared twice */
enum e1 { A };
enum e2 { A };
BEGIN { exit(0); }
