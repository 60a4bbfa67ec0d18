"""The ``compcore`` command line."""
