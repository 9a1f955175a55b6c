# How often each probe fires depends on the kernel's acknowledgements:
# that it fired is what is compared, in name order.
sed -E 's/fired: [1-9][0-9]*$/fired: yes/' | sort
