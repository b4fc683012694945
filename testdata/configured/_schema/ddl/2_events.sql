CREATE TABLE events (
    ts Timestamp,
    id Uint64,
    payload Utf8,
    PRIMARY KEY (ts, id)
);
