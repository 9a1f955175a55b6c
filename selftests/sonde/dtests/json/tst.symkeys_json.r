{"type":"record","cpu":C,"id":1,"epid":1,"timestamp":T,"probe":"dtrace:::BEGIN","data":[{"action":"exit","status":0}]}
{"type":"aggregation","name":"f","function":"count","entries":[{"keys":["vmlinux`vfs_read"],"value":2}]}
{"type":"aggregation","name":"m","function":"sum","entries":[{"keys":["vmlinux"],"value":4}]}
