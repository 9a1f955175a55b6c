1 k|
2 kb|
3 kcc|
4 kddd|
5 keeee|
6 kfffff|
7 kgggggg|
8 khhhhhhh|
9 kiiiiiiii|
10 kjjjjjjjjj|
11 kkkkkkkkkkk|
12 klllllllllll|
13 kmmmmmmmmmmmm|
14 knnnnnnnnnnnnn|
15 koooooooooooooo|
16 kppppppppppppppp|
17 kqqqqqqqqqqqqqqqq|
18 krrrrrrrrrrrrrrrrr|
256 bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb|

-- @@stderr --
sonde: error on enabled probe ID 1 (ID I: sonde_testPID:uprobe-prog:edge_str:str): invalid address (ADDR) in action #1 at DIF offset N
