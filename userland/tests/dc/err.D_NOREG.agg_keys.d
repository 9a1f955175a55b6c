BEGIN { @a[1,2,3,4,5,6,7,8] = lquantize(arg0+(arg1+(arg2+(arg3+(arg4+(arg5+(arg6+arg7)))))), 0, 10); }
