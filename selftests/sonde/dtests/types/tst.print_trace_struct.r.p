# curthread's task_struct is the kernel's and changes with every run:
# kept are its address line (masked), its type line and its pid member
# (masked), in print()'s layout (44 columns in).
awk '
BEGIN { pad = sprintf("%44s", "") }
/^0xffff[0-9a-f]+ = \*$/ && !task { task = 1; print "0xADDR = *"; next }
/^-- @@stderr --$/ { task = 0 }
!task { print; next }
$0 == pad "(struct task_struct) {" { print; next }
index($0, pad " .pid = (pid_t)") == 1 && /[0-9],$/ { sub(/[0-9]+,$/, "PID,"); print }'
