# SPDX-License-Identifier: GPL-2.0
#
# pywork.py - the Python workload of the tools' tests: known calls,
# collections, imports and audit events.
#
#   python3.11 pywork.py MODE
#     flow    with a profile hook set (CPython 3.11 fires function-entry
#             only then): outer() calls inner() twice
#     calls   tick() 7 times, tock() 3 times
#     gc      3 full collections (gc.collect()), each finding 20
#             unreachable objects (10 cycles of two)
#     import  import json (not imported at start-up), then a module that
#             does not exist
#     audit   open this file and read it
import sys


def inner(n):
    return n + 1


def outer():
    return inner(1) + inner(2)


def tick():
    return 1


def tock():
    return 2


class Node:
    pass


def cycles(n):
    for _ in range(n):
        a, b = Node(), Node()
        a.other, b.other = b, a


def main(mode):
    if mode == "flow":
        sys.setprofile(lambda *a: None)
        outer()
        sys.setprofile(None)
    elif mode == "calls":
        for _ in range(7):
            tick()
        for _ in range(3):
            tock()
    elif mode == "gc":
        import gc
        gc.disable()
        for _ in range(3):
            cycles(10)
            gc.collect()
    elif mode == "import":
        import json
        try:
            import sonde_no_such_module  # noqa: F401
        except ImportError:
            pass
    elif mode == "audit":
        with open(__file__) as f:
            f.read()


main(sys.argv[1])
