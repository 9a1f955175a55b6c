/* a buffer lives only while its clause runs */
BEGIN { self->b = copyin(arg0, 4); }
