{"type":"record","cpu":C,"id":1,"epid":1,"timestamp":T,"probe":"dtrace:::BEGIN","data":[{"action":"printf","text":"hi\n"},{"action":"exit","status":0}]}
{"type":"aggregation","name":"a","function":"count","entries":[{"keys":["x"],"value":1}]}
-- @@stderr --
sonde: script 'tst.json_output.d' matched 1 probe
