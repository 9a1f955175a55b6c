# SPDX-License-Identifier: GPL-2.0
#
# The Wallaroo article's script ("Dynamic tracing a Pony + Python program
# with DTrace", WallarooLabs/blog.wallaroolabs.com,
# content/post/dynamic-tracing-pony-python.md), byte for byte in
# wallaroo.d (so a shell test: its options cannot go in the script), run
# as the article runs it (dtrace -q -C -s; -C where the guest has cpp),
# with -Z since python3.11 has no pony$target probes.  Its depth counter
# self->count is read by the first clause's predicate before any clause
# assigns it.
cpp=
command -v cpp > /dev/null && cpp=-C
exec "$SONDE" -q $cpp -Z -s wallaroo.d -c 'python3.11 calls.py'
