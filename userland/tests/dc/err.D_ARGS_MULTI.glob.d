/* an empty provider: which probes match is not known */
:::entry { trace(args[0]); }
