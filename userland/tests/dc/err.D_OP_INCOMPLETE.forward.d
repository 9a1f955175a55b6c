/* @nobtf: a struct nobody defines stays a forward declaration */
BEGIN { trace(((struct nosuch *)0)->x); }
