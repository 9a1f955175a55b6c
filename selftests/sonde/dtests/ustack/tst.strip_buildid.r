without its debug file:
  sym-strip-prog`0xADDR
              sym-strip-prog`0xADDR
              sym-strip-prog`0xADDR
              sym-strip-prog`0xADDR

with /usr/lib/debug/.build-id/:
  sym-strip-prog`strip_leaf                         
              sym-strip-prog`strip_leaf+0xOFF
              sym-strip-prog`strip_mid+0xOFF
              sym-strip-prog`main+0xOFF

