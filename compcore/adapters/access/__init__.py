"""Who may direct: director logins, the login throttle and the login log."""
