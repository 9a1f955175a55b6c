state-closed -> state-syn-sent
state-syn-sent -> state-established
state-established -> state-fin-wait-1
state-fin-wait-1 -> state-fin-wait-2
state-fin-wait-2 -> state-time-wait
state-fin-wait-2 -> state-closed
state-listen <unknown>

