BEGIN { printa("%d"); }
