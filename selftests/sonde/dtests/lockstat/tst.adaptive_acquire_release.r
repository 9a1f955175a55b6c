adaptive-acquire, the same mutex 1: 100
adaptive-release, the same mutex 1: 100

