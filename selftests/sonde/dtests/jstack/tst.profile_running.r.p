python3.11 check.py profile few-drops
