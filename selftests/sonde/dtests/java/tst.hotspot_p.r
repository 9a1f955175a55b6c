java: exit status 0 done
sonde: exit status 0
tracing
class-loaded ToolWork$Extra      1
gc-begin full                    3
method-entry ToolWork.work       3

