5 sonde!

