cpu_id == cpu: 1 200
pset 0 chip 0 lgrp 0 cpu_pset 0: 200

