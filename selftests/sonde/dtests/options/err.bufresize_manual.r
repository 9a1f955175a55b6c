-- @@stderr --
sonde: failed to load program: the options need N KB of kernel memory on N CPUs (principal buffers N KB, aggregations N KB, dynamic variables N KB, speculations N KB, scratch N KB), more than half of the N KB available: lower bufsize, aggsize, dynvarsize, nspec, specsize or scratchsize
