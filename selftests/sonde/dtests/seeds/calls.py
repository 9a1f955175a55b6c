# SPDX-License-Identifier: GPL-2.0
# A Python workload with known calls for the seeds' scripts: sonde_main()
# once, sonde_work() 7 times, sonde_leaf() 21 times (a profile hook makes
# python3.11 fire function-entry for every call; slice, a C function, so
# that the hook adds no Python frame of its own), then a sleep that lets
# tick-5sec fire.
import sys, time
sys.setprofile(slice)
def sonde_leaf():
    pass
def sonde_work():
    for i in range(3):
        sonde_leaf()
def sonde_main():
    for i in range(7):
        sonde_work()
sonde_main()
sys.setprofile(None)
time.sleep(5.5)
