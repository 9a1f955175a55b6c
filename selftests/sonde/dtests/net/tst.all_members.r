
ip:::receive fired: yes
ip:::send fired: yes
tcp:::accept-established fired: yes
tcp:::accept-refused fired: yes
tcp:::connect-established fired: yes
tcp:::connect-refused fired: yes
tcp:::connect-request fired: yes
tcp:::receive fired: yes
tcp:::send fired: yes
tcp:::state-change fired: yes
udp:::receive fired: yes
udp:::send fired: yes
