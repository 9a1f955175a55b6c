/* no translator from int to psinfo_t */
BEGIN { trace(xlate <psinfo_t *> (pid)->pr_pid); }
