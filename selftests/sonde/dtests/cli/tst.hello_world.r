CPU     ID                    FUNCTION:NAME
  C      1                           :BEGIN hello, world


-- @@stderr --
sonde: script 'tst.hello_world.d' matched 1 probe
