first
hello 42 there

