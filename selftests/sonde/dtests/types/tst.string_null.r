done x bc 1

