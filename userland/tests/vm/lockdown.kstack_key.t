# lockdown.kstack_key: nor may a kernel stack be an aggregation key
-- lockdown
confidentiality
-- aggs
count keys=kstack:4
-- asm
agg @0, r1, r0
ret r0
-- error
EPERM a kernel stack is kernel addresses
