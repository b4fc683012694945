CREATE TABLE audit (at Timestamp, id Uint64, PRIMARY KEY (id, at));
