spun: 1, other locks: 0, no time: 0, acquired after: 1

