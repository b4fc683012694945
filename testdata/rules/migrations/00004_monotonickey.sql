-- +goose Up
CREATE TABLE audit (
    created_at Timestamp,
    id Uint64,
    PRIMARY KEY (created_at, id)
);

CREATE TABLE seqs (
    seq Uint64,
    payload Utf8,
    PRIMARY KEY (seq)
);

CREATE TABLE items (
    item_hash Uint64,
    item_id Serial8,
    name Utf8,
    PRIMARY KEY (item_hash, item_id)
);

CREATE TABLE docs (
    id Uuid,
    body Utf8,
    PRIMARY KEY (id)
);

CREATE TABLE samples (
    ts Timestamp NOT NULL,
    host Utf8 NOT NULL,
    PRIMARY KEY (ts, host)
)
PARTITION BY HASH (host)
WITH (STORE = COLUMN);
