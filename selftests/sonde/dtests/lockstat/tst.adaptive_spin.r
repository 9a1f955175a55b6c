adaptive-spin: 1, without a time: 0, adaptive-block without a time: 0

