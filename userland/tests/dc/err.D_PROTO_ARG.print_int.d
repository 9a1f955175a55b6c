/* print() takes a pointer */
BEGIN { print(5); }
