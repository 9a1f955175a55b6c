
gc-start at least 5 times: yes
gc-done as often as gc-start: yes
