java: rc=0 done
rc=0
TIME(ms)  TID     EVENT  SHARED CLASS
load no ToolWork$$Lambda$1+ADDRESS
load no ToolWork$Extra
