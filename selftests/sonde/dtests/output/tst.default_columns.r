CPU     ID                    FUNCTION:NAME
  C      1                           :BEGIN   ab                                               0

  k                                                                 1
  k                                                                 5
-- @@stderr --
sonde: script 'tst.default_columns.d' matched 1 probe
