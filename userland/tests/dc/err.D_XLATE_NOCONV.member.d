/* a member the translator does not define */
BEGIN { trace(curpsinfo->pr_pctcpu); }
