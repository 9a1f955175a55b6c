rc=0
TIME                  NEW/s
at least 10
