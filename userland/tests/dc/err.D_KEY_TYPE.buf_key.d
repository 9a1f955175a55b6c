BEGIN { @[copyin(arg0, 4)] = count(); }
