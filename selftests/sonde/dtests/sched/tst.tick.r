ticks between 100 and 400: 1, not the thread: 0

