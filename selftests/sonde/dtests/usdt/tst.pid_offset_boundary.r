hits 1

