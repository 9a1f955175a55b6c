# SPDX-License-Identifier: GPL-2.0
# Five collections of generation 1, and no automatic one after start-up.
import gc
gc.disable()
for i in range(5):
    gc.collect(1)
