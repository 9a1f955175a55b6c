enabled-at-start 0
fired 10
enabled-at-end 0
7 18446744073709551615 x: 10

