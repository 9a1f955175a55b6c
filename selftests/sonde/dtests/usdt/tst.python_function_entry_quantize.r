entry bar 300
entry foo 1000
quantize bar: 300 calls timed
quantize foo: 1000 calls timed
