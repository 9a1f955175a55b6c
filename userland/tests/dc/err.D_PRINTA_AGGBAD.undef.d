END { printa(@nope); }
