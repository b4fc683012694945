  CREATE TABLE {table} (id Uint64, PRIMARY KEY (id));
