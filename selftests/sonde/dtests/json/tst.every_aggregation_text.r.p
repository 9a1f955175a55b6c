# The stack key's frames: kernel offsets, which vary with the build.
sed -E 's/^( +)[a-z_0-9]+`[A-Za-z_0-9.]+\+0x[0-9a-f]+$/\1FRAME/'
