CREATE TABLE users (id Uint64, PRIMARY KEY (id));
