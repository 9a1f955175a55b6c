# The probe id and the pid in the provider's name (its column's padding
# with it).
sed -E 's/^ *[0-9]+ +pid[0-9]+ /ID pidPID /'
