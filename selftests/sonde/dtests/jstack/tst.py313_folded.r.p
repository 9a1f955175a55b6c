python3.11 check.py foldedspin few-drops
