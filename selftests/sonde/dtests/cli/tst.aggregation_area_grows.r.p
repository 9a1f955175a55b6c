# 60000 keys counted once, 100 counted 600 times: counted, not listed.
awk '
/^u [0-9]+ +1$/ { u++; next }
/^r [0-9]+ +600$/ { r++; next }
{ print }
END { print "u keys counted once: " u; print "r keys counted 600 times: " r }'
