/* @msg: print( ) may not be applied to a translated pointer */
BEGIN { print(curpsinfo); }
