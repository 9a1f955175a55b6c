# SPDX-License-Identifier: GPL-2.0
#
# jstack_prog.py - a Python program with known call chains, for
# the jstack tests here (jstack() in Debian's python3.11).  Every line a test
# looks for carries a marker comment: check.py finds its number.
#
#   python3.11 jstack_prog.py spin SECONDS     main -> outer -> inner, spinning
#   python3.11 jstack_prog.py read             main -> outer -> reader, a read()
#                                              of a pipe, the GIL released
#   python3.11 jstack_prog.py write COUNT      main -> outer -> writer: os.write()
#   python3.11 jstack_prog.py gc COUNT         main -> outer -> collector: gc.collect()
#   python3.11 jstack_prog.py threads SECONDS  two threads: spin_a and spin_b
import gc
import os
import sys
import threading
import time


def inner(deadline):
    n = 0
    while time.monotonic() < deadline:  # SPIN
        n += 1  # SPIN2
    return n


def reader():
    r, w = os.pipe()
    threading.Timer(0.5, os.write, (w, b'x')).start()
    return os.read(r, 1)  # READ


def writer(count):
    fd = os.open(os.devnull, os.O_WRONLY)
    for _ in range(count):
        os.write(fd, b'x')  # WRITE
    os.close(fd)


def collector(count):
    for _ in range(count):
        gc.collect()  # GC


def outer(mode, arg):
    if mode == 'spin':
        print('ready', flush=True)
        return inner(time.monotonic() + arg)  # OUTER_SPIN
    if mode == 'read':
        return reader()  # OUTER_READ
    if mode == 'write':
        return writer(int(arg))  # OUTER_WRITE
    return collector(int(arg))  # OUTER_GC


def spin_a(deadline):
    while time.monotonic() < deadline:  # SPIN_A
        pass


def spin_b(deadline):
    while time.monotonic() < deadline:  # SPIN_B
        pass


def main():
    mode = sys.argv[1]
    arg = float(sys.argv[2]) if len(sys.argv) > 2 else 0
    if mode == 'threads':
        deadline = time.monotonic() + arg
        ts = [threading.Thread(target=f, args=(deadline,))
              for f in (spin_a, spin_b)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        return
    outer(mode, arg)  # MAIN


main()  # MODULE
