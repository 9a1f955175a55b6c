live gc 0
gen 1 5

