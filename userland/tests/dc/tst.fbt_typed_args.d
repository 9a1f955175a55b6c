/* fbt args[] take the function's BTF prototype */
fbt::vfs_read:entry
/args[0]->f_path.dentry->d_name.name == "passwd"/
{
	printf("%s %d %d\n", args[0]->f_path.dentry->d_name.name, args[2],
	    *args[3]);
	@bytes[stringof(args[0]->f_path.dentry->d_name.name)] = sum(args[2]);
}

fbt::vfs_read:return
{
	trace(args[1] > 0);
}
