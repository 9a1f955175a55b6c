exit status 0
other line: []
other line: []
records kept: some
drops reported: some
records and drops: 5000
