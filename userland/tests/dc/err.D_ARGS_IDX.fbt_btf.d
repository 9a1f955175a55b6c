/* an fbt argument the function does not have (BTF says 4) */
fbt::vfs_read:entry { trace(args[4]); }
