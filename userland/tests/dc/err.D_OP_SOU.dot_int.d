/* . of an integer */
BEGIN { x = 1; trace(x.y); }
