# SPDX-License-Identifier: GPL-2.0
#
# stacks.awk: the post-processor of the tst.debian_* tests here.  It
# reads printa()'s @[ustack(N)] = count() output from a probe at
# libc's malloc and prints, instead of the stacks (which vary with the
# program's run), what must hold of every one of them:
#
#   - its innermost frame is libc.so.6`malloc (the probe's function, or
#     its alias __libc_malloc, which names the same address);
#   - it goes down to the process's start: libc's __libc_start_main and
#     then one frame of the executable (_start), or ld.so's own start-up
#     (the libraries' constructors run before main);
#   - among those through __libc_start_main, some pass through WANT (a
#     frame named "WANT+0x..."), when -v want=WANT is given.
#
# A stack that ends anywhere else (a walk cut short) is printed in full
# after the verdicts.  Lines that are not stack lines (stderr) pass.
#
#   awk -v exe=MODULE [-v want=FRAME] -f stacks.awk
function finish(   i, k, through) {
	if (!n)
		return
	stacks++
	if (f[0] != "libc.so.6`malloc" && f[0] != "libc.so.6`__libc_malloc")
		badtop++
	k = -1
	for (i = 0; i < n; i++)
		if (f[i] ~ /^libc\.so\.6`__libc_start_main\+0x/)
			k = i
	if (k >= 0 && k == n - 2 && index(f[n - 1], exe "`") == 1) {
		start++
		through = 0
		for (i = 0; i < n; i++)
			if (want != "" && index(f[i], want "+0x") == 1)
				through = 1
		wanted += through
	} else if (f[n - 1] ~ /^ld-linux-x86-64\.so\.2`/) {
		ldso++
	} else {
		cut++
		for (i = 0; i < n; i++)
			short = short "    " f[i] "\n"
		short = short "\n"
	}
	n = 0
}
/^ *$/ { next }
/^ +[0-9]+$/ { finish(); next }
/^ / { sub(/^ +/, ""); f[n++] = $0; next }
{ finish(); rest = rest $0 "\n" }
END {
	finish()
	print "stacks: " (stacks ? "some" : "none")
	print "innermost frame not libc.so.6`malloc (__libc_malloc): " badtop + 0
	print "down to " exe "'s _start through __libc_start_main: " (start ? "some" : "none")
	if (want != "")
		print "of those, through " want ": " (wanted ? "some" : "none")
	print "ending elsewhere (a walk cut short): " cut + 0
	printf "%s", short
	printf "%s", rest
}
