CREATE TABLE events (
    ts Timestamp,
    id Uint64,
    PRIMARY KEY (ts, id)
);
