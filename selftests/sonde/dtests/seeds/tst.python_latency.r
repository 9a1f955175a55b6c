calls sonde_main 1
calls sonde_work 7
calls sonde_leaf 21
outer sonde_main 1
tick-5sec saw sonde_leaf 21: yes
depth sonde_work: sonde_main + 1
depth sonde_leaf: sonde_main + 2
