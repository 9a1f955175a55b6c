gc-start fired
gc-done fired

