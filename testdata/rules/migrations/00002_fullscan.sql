-- +goose Up
-- The seeds' log table: a read by userid scans every partition.
CREATE TABLE logs (
    timestamp Timestamp,
    userid Uint64,
    userevent Utf8,
    PRIMARY KEY (timestamp, userid)
);

CREATE TABLE cities (
    city Utf8,
    number Uint64,
    population Uint64,
    mayor Utf8,
    INDEX idx_population GLOBAL ASYNC ON (population),
    INDEX idx_mayor GLOBAL SYNC ON (mayor),
    PRIMARY KEY (city, number)
);

CREATE TABLE metrics (
    ts Timestamp NOT NULL,
    host Utf8 NOT NULL,
    value Double,
    PRIMARY KEY (ts, host)
)
PARTITION BY HASH (host)
WITH (STORE = COLUMN);
