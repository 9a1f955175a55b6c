# SPDX-License-Identifier: GPL-2.0
# collect.py: five gc.collect() calls (tst.python_gc_start_done.d).
import gc
for i in range(5):
    gc.collect()
