exit status 0, stdout bytes 0
samples through writer, outer, main: 200
