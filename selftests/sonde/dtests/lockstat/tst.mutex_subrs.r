adaptive-acquire owned 1 owner is me 1 adaptive 1 spin 0: 100
adaptive-release owned 1 owner is me 1 adaptive 1 spin 0: 100

