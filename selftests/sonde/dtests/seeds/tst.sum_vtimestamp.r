on-CPU time > 0: yes
on-CPU time < 100 ms: yes
wall time >= 300 ms: yes
