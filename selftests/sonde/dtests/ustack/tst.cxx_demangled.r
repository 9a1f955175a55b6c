CPU     ID                    FUNCTION:NAME
  C      I                    getppid:entry   sym-cxx-prog`sonde::Widget<int>::poke(int)        
              sym-cxx-prog`sonde::Widget<int>::poke(int)+0xOFF
              sym-cxx-prog`sonde::outer(long)+0xOFF
              sym-cxx-prog`main+0xOFF


-- @@stderr --
sonde: script 'tst.cxx_demangled.d' matched 1 probe
