/* @msg: trace( ) may not be applied to a translated pointer */
BEGIN { trace(*xlate<psinfo_t *>(curthread)); }
