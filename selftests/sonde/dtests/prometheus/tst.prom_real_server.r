== up
  {'__name__': 'up'} 1
== sonde_calls_total
  {'__name__': 'sonde_calls_total'} 700
== sonde_written_total
  {'__name__': 'sonde_written_total'} 6503
== sonde_bytes_count
  {'__name__': 'sonde_bytes_count'} 10
== sonde_bytes_bucket{le=~"0|1|3|63|127|2047|4095|8191|\\+Inf"}
  {'__name__': 'sonde_bytes_bucket', 'le': '0'} 0
  {'__name__': 'sonde_bytes_bucket', 'le': '1'} 3
  {'__name__': 'sonde_bytes_bucket', 'le': '3'} 3
  {'__name__': 'sonde_bytes_bucket', 'le': '63'} 3
  {'__name__': 'sonde_bytes_bucket', 'le': '127'} 8
  {'__name__': 'sonde_bytes_bucket', 'le': '2047'} 8
  {'__name__': 'sonde_bytes_bucket', 'le': '4095'} 10
  {'__name__': 'sonde_bytes_bucket', 'le': '8191'} 10
  {'__name__': 'sonde_bytes_bucket', 'le': '+Inf'} 10
== histogram_quantile(0.5,sonde_bytes_bucket)
  {} 88.6
== sonde_bytes_sum
== sonde: exit 0
