# The record's CPU and timestamp; the stack key's frames (kernel offsets,
# which vary with the build).
sed -E 's/"cpu":[0-9]+,/"cpu":C,/; s/"timestamp":[0-9]+,/"timestamp":T,/
	s/"[a-z_0-9]+`[A-Za-z_0-9.]+\+0x[0-9a-f]+"/"FRAME"/g'
