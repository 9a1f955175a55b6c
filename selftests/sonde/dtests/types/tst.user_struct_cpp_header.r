-123456 beef 5 17 sonde-struct 123456789abcdef -1 2 -3 40

