BEGIN { frobnicate(1); }
