-- @@stderr --
sonde: --push https://pyroscope.example:4040: https is not supported: push to a local proxy (or an agent such as Grafana Alloy) over http
