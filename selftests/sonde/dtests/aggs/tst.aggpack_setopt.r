

              key  min .------. max  | count
              awk    0 :  X   : 16   | 1
             bash    0 : xx x : 16   | 4
