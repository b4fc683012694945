-- Raw readings, kept for a week.
CREATE TABLE readings (
    value Double,
    host_id Uint64,
    ts Timestamp,
    PRIMARY KEY (value, host_id)
);

CREATE TABLE readings_by_host (
    host_id Uint64,
    ts Uint64,
    value Double,
    PRIMARY KEY (host_id, ts)
)
WITH (TTL = Interval("P7D") ON ts);

CREATE TABLE readings_by_time (
    host_id Uint64,
    ts Uint64,
    value Double,
    PRIMARY KEY (host_id, ts)
)
WITH (TTL = Interval("P7D") ON ts AS SECONDS, PARTITION_AT_KEYS = (1000, 2000));
