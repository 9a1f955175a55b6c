cat [...] 1
sh [] 1

