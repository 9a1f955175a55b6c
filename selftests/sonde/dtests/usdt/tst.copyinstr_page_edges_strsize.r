k|
kb|
kcc|
kddd|
keeee|
kfffff|
kgggggg|
khhhhhh|
kiiiiii|
kjjjjjj|
kkkkkkk|
kllllll|
kmmmmmm|
knnnnnn|
koooooo|
kpppppp|
kqqqqqq|
krrrrrr|
bbbbbbb|

-- @@stderr --
sonde: error on enabled probe ID 1 (ID I: sonde_testPID:uprobe-prog:edge_str:str): invalid address (ADDR) in action #1 at DIF offset N
