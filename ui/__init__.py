"""Shared Streamlit helpers for compcore's app: configuration, session, sidebar, cached
loading, tables, charts and the pairing sheet.

Nothing here computes a club rule: it reads compcore's results and reshapes them for display,
and passes the director's input to compcore and the store.
"""
