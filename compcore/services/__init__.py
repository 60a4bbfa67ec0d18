"""The service layer: the club evening's workflows (``round``), which competitions to show
(``competitions``), and the repository they work through (``repository``).

Pages and tests call these; nothing here imports Streamlit. A service reads a season from a
:class:`~compcore.ports.repository.Repository`, decides with the pure core
(``compcore.pairing``, ``compcore.rules.changes``, ...), and writes through the repository, which
runs each change in one authorised, validated, logged transaction.
"""
