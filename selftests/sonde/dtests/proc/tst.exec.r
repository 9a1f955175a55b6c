exec 5, of prov-prog 5, exec-success 5

