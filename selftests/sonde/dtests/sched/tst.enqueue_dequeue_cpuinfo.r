enqueue >= 20: 1, dequeue >= 20: 1, bad cpuinfo: 0
sleeps >= 20: 1, all on their own CPU: 1

