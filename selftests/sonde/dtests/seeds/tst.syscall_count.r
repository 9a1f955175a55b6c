  getppid                                                        1000
-- @@stderr --
