"""The ports: what the services need from the world outside the core, as small protocols
and the value types they speak in (:mod:`~compcore.ports.repository`,
:mod:`~compcore.ports.values`, :mod:`~compcore.ports.actors`).

A storey of its own between the core and the services and adapters: the services ask for a
port, the adapters implement one, and neither depends on the other for it.
"""
