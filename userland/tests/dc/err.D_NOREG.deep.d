/* @line: 2 */
BEGIN { trace(arg0+(arg1+(arg2+(arg3+(arg4+(arg5+(arg6+(arg7+(arg8+(arg9+(pid+(tid+(uid+(gid+(cpu+ppid))))))))))))))); }
