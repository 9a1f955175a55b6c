/* @msg: ustack( ) argument #2 must be a positive integer constant */
BEGIN { ustack(5, -1); }
