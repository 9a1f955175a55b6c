/* another function for the same aggregation is still D_AGG_REDEF */
BEGIN { @a = lquantize(arg0, 0, 10); @a = quantize(arg0); }
