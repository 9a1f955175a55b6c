context switches >= 30: 1, in the kernel: 1
task-clock samples: 1
page faults: 1, in user mode: 1

