sym-cxx-prog`main;sym-cxx-prog`sonde::outer(long);sym-cxx-prog`sonde::Widget<int>::poke(int) 10
-- @@stderr --
sonde: script 'tst.cxx_folded.d' matched 2 probes
