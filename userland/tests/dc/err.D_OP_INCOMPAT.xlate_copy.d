/* a whole translated object copied into a variable (was an internal
 * error): its members are read one by one */
BEGIN { x = *curpsinfo; }
