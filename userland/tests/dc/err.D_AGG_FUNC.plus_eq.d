BEGIN { @a += count(); }
