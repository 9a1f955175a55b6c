/* @nobtf: sizeof of an incomplete struct */
BEGIN { trace(sizeof (struct nosuch)); }
