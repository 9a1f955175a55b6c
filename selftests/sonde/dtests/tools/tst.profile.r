rc=0
Sampling CPU stacks at 99 Hertz... Hit Ctrl-C to end.
toolwork`spin
at least 10
