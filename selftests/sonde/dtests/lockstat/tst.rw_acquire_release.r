rw-acquire writer 50
rw-release writer, the same lock 1: 50

