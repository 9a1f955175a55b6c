BEGIN { @a[pid] = count(); @a = count(); }
