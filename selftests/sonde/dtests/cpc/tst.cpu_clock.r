samples between 70 and 130: 1, in user mode 90%: 1, both or neither PC: 0

