u -1 1

u keys counted once: 60000
r keys counted 600 times: 100
