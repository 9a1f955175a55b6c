/* regs[]: no kernel registers at the probe; the hint names args[] and
 * uregs[] */
BEGIN { trace(regs[0]); }
/* @msg: failed to resolve regs: Unknown variable name (kernel registers at the probe are not offered */
