CPU     ID                    FUNCTION:NAME
  C      I                    getppid:entry   sym-cxx-prog`_ZN5sonde6WidgetIiE4pokeEi           
              sym-cxx-prog`_ZN5sonde6WidgetIiE4pokeEi+0xOFF
              sym-cxx-prog`_ZN5sonde5outerEl+0xOFF
              sym-cxx-prog`main+0xOFF


-- @@stderr --
sonde: script 'tst.cxx_mangled.d' matched 1 probe
