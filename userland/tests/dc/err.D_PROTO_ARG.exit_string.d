BEGIN { exit("no"); }
