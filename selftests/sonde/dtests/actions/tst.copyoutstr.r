sonde-copyin
HACKED
HACKED

