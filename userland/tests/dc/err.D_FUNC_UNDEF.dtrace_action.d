/* an action of DTrace's that sonde does not offer: unimplemented, with
 * what to use */
BEGIN { pcap(arg0, 1); }
/* @msg: unimplemented action: pcap (packets are not written to pcap files: the ip, tcp and udp providers' args[] give their headers) */
