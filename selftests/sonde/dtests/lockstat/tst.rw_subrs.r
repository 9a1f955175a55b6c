rw-acquire write held ff iswriter ff: 50
rw-release write held ff iswriter ff: 50

