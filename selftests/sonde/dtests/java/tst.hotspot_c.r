sonde: exit status 0
tracing
done
class-loaded ToolWork$Extra      1
jni CallStaticVoidMethod-entry   1
vm-init-begin                    1
vm-init-end                      1
gc-begin full                    3
method-entry ToolWork.work       3

