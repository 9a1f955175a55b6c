BEGIN { system("date"); }
