" SPDX-License-Identifier: GPL-2.0
" Vim syntax file
" Language:	D, the language of DTrace, as sonde(8) compiles it
" Maintainer:	The sonde developers
" Filenames:	*.d with a DTrace or sonde first line or pragma (ftdetect)
"
" Installed in /usr/share/vim/vimfiles/syntax/, ahead of Vim's own
" dtrace.vim in 'runtimepath': sonde's actions and subroutines (jstack(),
" print(), progenyof(), alloca(), ...), its providers and its options are
" here.  The keyword lists follow sonde's tables: make unit-vim checks
" that every built-in variable, subroutine, action and aggregating
" function the compiler knows is one of them.

if exists("b:current_syntax")
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

" the C preprocessor's lines (sonde -C), the interpreter line
syn match	dtraceShebang	"\%^#!.*$"
syn region	dtracePreProc	start="^\s*#\s*\(include\|define\|undef\|if\|ifdef\|ifndef\|elif\|else\|endif\|error\|line\)\>" skip="\\$" end="$" contains=dtraceComment,dtraceString
syn match	dtracePragma	"^\s*#\s*pragma\s\+D\s\+\(option\|attributes\|binding\|depends_on\)\>.*$" contains=dtraceOption
syn keyword	dtraceOption	contained aggpercpu aggrate aggsize aggsortkey aggsortkeypos aggsortpos aggsortrev aggzoom agghist aggpack bufpolicy bufresize bufsize cleanrate cpp cpu deadman defaultargs destructive droptags dynvarsize empty encoding flowindent jstackframes jstackstrsize nspec quiet rawbytes scratchsize specsize stackframes stackindent statusrate strsize switchrate ustackframes zdefs noresolve

" comments, strings, characters, numbers
syn keyword	dtraceTodo	contained TODO FIXME XXX
syn region	dtraceComment	start="/\*" end="\*/" contains=dtraceTodo,@Spell
syn match	dtraceComment	"//.*$" contains=dtraceTodo,@Spell
syn match	dtraceSpecial	contained "\\\([\\"'?abfnrtv]\|\o\{1,3}\|x\x\+\)"
syn match	dtraceFormat	contained "%[-+ #0]*\(\*\|\d\+\)\=\(\.\(\*\|\d\+\)\)\=\(hh\|h\|ll\|l\|L\|z\|j\|t\)\=[@]\=[aAcCdeEfFgGiIkKopPsSTuxXY%]"
syn region	dtraceString	start=+"+ skip=+\\\\\|\\"+ end=+"+ contains=dtraceSpecial,dtraceFormat
syn match	dtraceCharacter	"'\([^\\']\|\\\([\\'"?abfnrtv]\|\o\{1,3}\)\)'"
syn match	dtraceNumber	"\<\d\+\([uU]\=[lL]\{0,2}\|[lL]\{0,2}[uU]\=\)\>"
syn match	dtraceNumber	"\<0[xX]\x\+\([uU]\=[lL]\{0,2}\|[lL]\{0,2}[uU]\=\)\>"
syn match	dtraceNumber	"\<\d\+\(ns\|us\|ms\|sec\|s\|min\|m\|hour\|h\|day\|d\|hz\|nsec\|usec\|msec\)\>"

" probe descriptions: provider:module:function:name at the start of a
" clause (BEGIN, END, ERROR, tick-1s alone), with globs and $target
syn match	dtraceProbe	"^\s*[A-Za-z_*?\[\]$][A-Za-z0-9_*?\[\]$.-]*\(:[^ \t:/{]*\)\{1,3}\s*\(,\|$\|/\|{\)\@="
syn match	dtraceProbe	"^\s*\(BEGIN\|END\|ERROR\|\(profile\|tick\)-\d\+\(ns\|us\|ms\|s\|sec\|m\|min\|h\|hz\)\=\)\s*\(,\|$\|/\|{\)\@="
" a predicate on its own line
syn region	dtracePredicate	matchgroup=dtracePredDelim start="^\s*/\(\*\)\@!" end="/\s*$" contains=ALLBUT,dtraceProbe,dtraceOption,dtracePredicate,dtraceSpecial,dtraceFormat,dtraceTodo

" D and C keywords and types
syn keyword	dtraceStatement	return break continue
syn keyword	dtraceConditional	if else
syn keyword	dtraceKeyword	inline translator xlate provider probe sizeof offsetof stringof typeof
syn keyword	dtraceStorage	self this extern static register const volatile restrict auto userland
syn keyword	dtraceStructure	struct union enum typedef
syn keyword	dtraceType	char short int long float double void signed unsigned string
syn keyword	dtraceType	int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t intptr_t uintptr_t size_t ssize_t off_t offset_t caddr_t dev_t pid_t id_t uid_t gid_t time_t uchar_t ushort_t uint_t ulong_t u_longlong_t longlong_t processorid_t psetid_t
syn keyword	dtraceType	psinfo_t lwpsinfo_t bufinfo_t devinfo_t fileinfo_t timestruc_t
syn keyword	dtraceConstant	NULL

" built-in variables (uapi/sonde_isa.h SONDE_BUILTINS) and the D
" library's names
syn keyword	dtraceBuiltin	arg0 arg1 arg2 arg3 arg4 arg5 arg6 arg7 arg8 arg9 args
syn keyword	dtraceBuiltin	pid tid ppid uid gid cpu timestamp vtimestamp walltimestamp id epid errno curthread stackdepth ustackdepth execname probeprov probemod probefunc probename caller ucaller ipl cwd root curcpu fds uregs
syn keyword	dtraceBuiltin	curpsinfo curlwpsinfo
syn match	dtraceMacro	"\$\$\=\(\d\+\|target\|pid\|ppid\|uid\|gid\|euid\|egid\|pgid\|sid\)\>"
syn match	dtraceAggregation	"@[A-Za-z_0-9]*"

" actions (userland/lib/program.h SONDE_ACTIONS, and those the compiler
" turns into them), subroutines (SONDE_SUBRS), aggregating functions
" (SONDE_AGGS)
syn keyword	dtraceAction	trace printf printa exit stack ustack jstack clear trunc normalize denormalize setopt tracemem sym func mod usym ufunc umod uaddr system freopen ftruncate print
syn keyword	dtraceDestructive	raise stop chill copyout copyoutstr panic breakpoint
syn keyword	dtraceSubroutine	strlen strjoin substr index rindex strchr strrchr strstr basename dirname lltostr strtoll toupper tolower copyinstr rand htons htonl htonll ntohs ntohl ntohll copyin copyinto strtok alloca progenyof getmajor getminor inet_ntoa inet_ntoa6 inet_ntop d_path mutex_owned mutex_owner rw_read_held rw_write_held
syn keyword	dtraceSpeculation	speculation speculate commit discard
syn keyword	dtraceAggFunc	count sum avg min max stddev quantize lquantize llquantize

hi def link dtraceShebang	PreProc
hi def link dtracePreProc	PreProc
hi def link dtracePragma	PreProc
hi def link dtraceOption	Identifier
hi def link dtraceTodo		Todo
hi def link dtraceComment	Comment
hi def link dtraceSpecial	SpecialChar
hi def link dtraceFormat	SpecialChar
hi def link dtraceString	String
hi def link dtraceCharacter	Character
hi def link dtraceNumber	Number
hi def link dtraceProbe		Label
hi def link dtracePredDelim	Delimiter
hi def link dtraceStatement	Statement
hi def link dtraceConditional	Conditional
hi def link dtraceKeyword	Keyword
hi def link dtraceStorage	StorageClass
hi def link dtraceStructure	Structure
hi def link dtraceType		Type
hi def link dtraceConstant	Constant
hi def link dtraceBuiltin	Identifier
hi def link dtraceMacro		Macro
hi def link dtraceAggregation	Special
hi def link dtraceAction	Function
hi def link dtraceDestructive	Exception
hi def link dtraceSubroutine	Function
hi def link dtraceSpeculation	Function
hi def link dtraceAggFunc	Function

let b:current_syntax = "dtrace"

let &cpo = s:cpo_save
unlet s:cpo_save
