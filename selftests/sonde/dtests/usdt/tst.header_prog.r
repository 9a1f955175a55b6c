enabled-at-start 1
fired 10
enabled-at-end 1
init x
gc 45
msg 10

