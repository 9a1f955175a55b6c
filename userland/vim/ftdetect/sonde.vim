" SPDX-License-Identifier: GPL-2.0
" D scripts for sonde(8): files whose first line runs sonde or dtrace
" (the tools in /usr/sbin/*.d, "#!/usr/sbin/sonde -s"), with or without
" the .d suffix, are filetype dtrace.  Vim's own check of *.d files
" (dist#ft#DtraceCheck) knows dtrace's first line and pragmas but not
" sonde's, and falls back to the D programming language.
autocmd BufNewFile,BufRead *
	\ if getline(1) =~# '^#!\s*\S*\<\(sonde\|dtrace\)\>\s\+-[A-Za-z]*s\>' |
	\   set filetype=dtrace |
	\ endif
