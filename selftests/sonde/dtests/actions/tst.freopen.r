before
back

-- f.out --
to file
