BEGIN { @s = sum(execname); }
