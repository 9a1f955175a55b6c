/* @line: 2 */
#pragma D option flowindent=sometimes
BEGIN { exit(0); }
