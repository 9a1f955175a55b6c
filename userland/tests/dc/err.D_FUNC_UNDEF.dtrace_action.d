/* an action of DTrace's that sonde does not generate: said so */
BEGIN { pcap(arg0, 1); }
/* @msg: action pcap() is not supported yet */
