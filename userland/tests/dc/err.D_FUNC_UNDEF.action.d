BEGIN { tracemem(arg0, 8); }
