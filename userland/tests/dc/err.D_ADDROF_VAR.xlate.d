/* the address of a translated object (was an internal error) */
BEGIN { x = &*curpsinfo; }
