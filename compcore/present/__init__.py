"""Results as text, tables, JSON and web pages: what the command line prints and the site shows."""
