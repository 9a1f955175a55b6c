jiffies: now
&jiffies: kallsyms's
swapper/0
1

