DROP TABLE events;
CREATE TABLE events (shard Uint32, ts Timestamp, id Uint64, PRIMARY KEY (shard, ts, id));
