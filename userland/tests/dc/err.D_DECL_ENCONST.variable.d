/* an enumerator assigned a non-constant */
enum e { A = pid };
BEGIN { exit(0); }
