== exit 0
== profile-97: exit 0
requests of the first run answered 200: some
the first POST answered 503, the retry has its bytes: True
samples in the profiles: 1000
the folded lines' stacks:
  loop-getppid`_start;loop-getppid`__libc_start_main;loop-getppid`__libc_start_call_main;loop-getppid`main;loop-getppid`syscall
POST /pfx/ingest HTTP/1.1 Content-Type: text/plain Host: 127.0.0.1:19465
  aggregationType=sum
  format=folded
  from=UNIX seconds
  name=t.u{host=HOST}
  spyName=sonde
  units=samples
  until=UNIX seconds
  from <= until: True
POST /ingest HTTP/1.1 Content-Type: text/plain Host: 127.0.0.1:19465
  aggregationType=sum
  format=folded
  from=UNIX seconds
  name=sonde.agg{host=HOST}
  sampleRate=97
  spyName=sonde
  units=samples
  until=UNIX seconds
  from <= until: True
== no server
== exit 0
sonde: --push: the profile of @ was not sent to http://127.0.0.1:1/ingest: connect: Connection refused (after retries)
== stdout of the first run (the aggregation printed as usual)
some stacks
== stderr
