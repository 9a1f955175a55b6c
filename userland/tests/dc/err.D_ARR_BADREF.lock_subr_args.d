/* a lock subroutine takes one lock */
BEGIN { trace(mutex_owned(0, 1)); }
/* @msg: mutex_owned */
