# Generations 0 and 2: start-up's and exit's collections, which gc.py
# does not make.
grep -v '^gen [02] '
