[unknown] N
