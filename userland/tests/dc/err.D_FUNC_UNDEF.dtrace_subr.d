/* illumos's getf(): unimplemented, with what to use on Linux */
BEGIN { trace(getf(0)); }
/* @msg: unimplemented subroutine: getf (illumos's file_t of a descriptor: use fds[fd], a fileinfo_t) */
