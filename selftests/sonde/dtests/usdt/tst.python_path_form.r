calls 2000

