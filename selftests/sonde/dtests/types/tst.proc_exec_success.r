
(types-prog's ids)
[types-prog ids alpha beta] [types-prog] 1
lwp 1 O
