wait-start vda /dev/vda write 0 bytes <none>: 5
wait-done vda error 0: 5

