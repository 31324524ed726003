"""SQLite session files: schema, migrations and durable writes. The only package with SQL."""
