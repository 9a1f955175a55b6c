BEGIN { @a = count(); printa(1); }
