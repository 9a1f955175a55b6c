python3.11 check.py text reader
