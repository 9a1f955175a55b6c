# The record's CPU and timestamp.
sed -E 's/"cpu":[0-9]+,/"cpu":C,/; s/"timestamp":[0-9]+,/"timestamp":T,/'
