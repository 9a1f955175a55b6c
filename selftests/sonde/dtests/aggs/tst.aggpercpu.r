
                1
a [CPU n] line for every CPU
their sum: 1
