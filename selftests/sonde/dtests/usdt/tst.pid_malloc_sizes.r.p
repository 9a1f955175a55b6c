# The addresses malloc returned, as the program printed them.
sed -E 's/^(1000[0-9][0-9]) [0-9a-f]+$/\1 ADDRESS/'
