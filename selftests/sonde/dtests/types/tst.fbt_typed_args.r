known-file 777

