BEGIN { @a[pid] = count(); @a[execname] = count(); }
