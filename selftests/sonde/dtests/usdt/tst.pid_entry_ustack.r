
              uprobe-prog`level3
              uprobe-prog`level2+0xOFF
              uprobe-prog`level1+0xOFF
              uprobe-prog`main+0xOFF
              ADDRESS
              libc.so.6`__libc_start_main+0xOFF
              uprobe-prog`_start+0xOFF

