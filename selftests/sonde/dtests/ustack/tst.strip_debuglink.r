debug file beside it:
  sym-link-prog`strip_leaf                          
              sym-link-prog`strip_leaf+0xOFF
              sym-link-prog`strip_mid+0xOFF
              sym-link-prog`main+0xOFF

a debug file that changed since:
  sym-link-prog`0xADDR
              sym-link-prog`0xADDR
              sym-link-prog`0xADDR
              sym-link-prog`0xADDR

