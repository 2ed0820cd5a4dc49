"""The card store: the only package that speaks SQL.

Everything that reaches DuckDB goes through here: the schema and its migrations
(:mod:`db.store`), the streaming card loader (:mod:`db.load`), search
(:mod:`db.query`) and dataset export (:mod:`db.export`).
"""

from db.store import SchemaTooNew, Store, connect, default_db_path

__all__ = ["SchemaTooNew", "Store", "connect", "default_db_path"]
