# The CPU BEGIN ran on: "%3d " of the record's prefix.
sed -E 's/^[ 0-9]{3} (     1 +:BEGIN )/  C \1/'
