"""Who wins what: the winners of each cycle per rating category."""
