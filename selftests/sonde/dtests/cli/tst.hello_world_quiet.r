hello, world

