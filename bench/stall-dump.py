#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""stall-dump.py - what a stalled bench guest is doing.

    stall-dump.py MONITOR_SOCKET REGS_FILE

Through QEMU's human monitor (bench/guest.sh starts it on a unix socket):
SysRq 8 (console loglevel 8, so the dumps reach the console), w (blocked
tasks), l (a backtrace of every CPU) and t (every task), each into the
guest's console log (the guest boots with sysrq_always_enabled); then
`info registers -a` (where each vCPU is: an idle vCPU sits at hlt with IF
set) into REGS_FILE.
"""
import socket
import sys
import time


def command(sock, text, settle):
    sock.sendall((text + "\n").encode())
    time.sleep(settle)
    out = b""
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                break
            out += data
    except socket.timeout:
        pass
    return out.decode(errors="replace")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: stall-dump.py MONITOR_SOCKET REGS_FILE")
    sock = socket.socket(socket.AF_UNIX)
    sock.settimeout(2)
    sock.connect(sys.argv[1])
    command(sock, "", 0.5)          # the monitor's banner
    for key in "8wlt":
        # under TCG a task dump of a busy guest takes seconds
        command(sock, "sendkey alt-sysrq-" + key, 15)
    with open(sys.argv[2], "w") as f:
        f.write(command(sock, "info registers -a", 1))


if __name__ == "__main__":
    main()
