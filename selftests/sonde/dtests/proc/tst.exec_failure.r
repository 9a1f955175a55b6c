exec /nonexistent/sonde-exec 4
exec-failure -2 4

