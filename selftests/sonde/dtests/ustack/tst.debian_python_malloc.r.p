# The stacks vary with the interpreter's run: what holds of each
# (stacks.awk).
awk -v exe=python3.11 -v 'want=python3.11`Py_BytesMain' -f stacks.awk
