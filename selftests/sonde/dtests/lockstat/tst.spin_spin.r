spun on the siglock: 1, no time: 0, acquired after: 1

