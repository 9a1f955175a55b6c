/* sym(), func(), mod(), usym(), ufunc(), umod(), uaddr() as aggregation
 * keys (issue 31): a kernel one is the address, a user one the pid and
 * the address; %a and %A take integers */
profile-997 /arg1/ { @u[ufunc(arg1)] = count(); @m[umod(arg1)] = count(); }
profile-997 /arg0/ { @k[func(arg0)] = count(); @s[sym(arg0), mod(arg0)] = count(); }
profile-997 /arg1/ { @a[uaddr(arg1)] = count(); @b[usym(arg1)] = count(); }
profile-997 { printf("%a %A\n", arg0, arg1); }
END { printa("%-30a %@8d\n", @k); printa("%A %@d\n", @u); printa("%s %s %@d\n", @s); }
