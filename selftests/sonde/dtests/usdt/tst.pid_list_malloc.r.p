# The probes' ids and the process's pid in the provider's name.
sed -E 's/^ *[0-9]+ +pid[0-9]+ /   ID    pidPID /'
