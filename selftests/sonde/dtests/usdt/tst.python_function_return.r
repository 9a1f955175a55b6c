
  bar                                                             300
  foo                                                            1000
