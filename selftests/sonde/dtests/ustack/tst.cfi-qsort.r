

              libc.so.6`syscall+0xOFF
              cfi-prog`by_value+0xOFF
              libc.so.6`0xADDR
              libc.so.6`qsort_r+0xOFF
              cfi-prog`sort_two+0xOFF
              cfi-prog`main+0xOFF
              libc.so.6`0xADDR
              libc.so.6`__libc_start_main+0xOFF
              cfi-prog`_start+0xOFF
                3
