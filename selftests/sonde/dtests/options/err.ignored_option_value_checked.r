-- @@stderr --
sonde: failed to set -x stdc: Invalid value for specified option
