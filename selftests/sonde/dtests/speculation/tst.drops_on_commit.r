
-- @@stderr --
printed + speculative drops = 100
some dropped: yes
