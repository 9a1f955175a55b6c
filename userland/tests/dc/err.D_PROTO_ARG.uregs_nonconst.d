/* as in DTrace, the index of uregs[] is a constant */
BEGIN { trace(uregs[arg0]); }
