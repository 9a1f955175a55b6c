enabled-at-start 0
fired 0
enabled-at-end 0
