/* deep but within 15 registers */
BEGIN { trace(1+(2+(3+(4+(5+(6+(7+(8+(9+(10+(11+(12+(13+(arg0+arg1)))))))))))))); }
