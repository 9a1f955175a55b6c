about 20
about 20
about 20
about 20

