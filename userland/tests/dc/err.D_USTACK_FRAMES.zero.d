/* @msg: ustack( ) argument #1 must be a non-zero positive integer constant */
BEGIN { ustack(0); }
