/* int keys of different sizes: stored 8 bytes, printed as the widest */
BEGIN { @k[pid] = count(); @k[arg0] = count(); }
