/* @line: 2 */
#pragma D option nosuchoption=1
BEGIN { trace(1); }
