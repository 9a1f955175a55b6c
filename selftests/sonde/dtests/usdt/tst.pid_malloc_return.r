
printed by the program 10, returned to malloc:return 10, the same: yes
