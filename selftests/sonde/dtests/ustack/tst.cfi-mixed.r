

              libc.so.6`syscall+0xOFF
              libcfi.so`fp_inner+0xOFF
              libcfi.so`fp_outer+0xOFF
              cfi-prog`main+0xOFF
              libc.so.6`0xADDR
              libc.so.6`__libc_start_main+0xOFF
              cfi-prog`_start+0xOFF
                3
