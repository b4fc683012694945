-- Hosts reporting metrics.
CREATE TABLE hosts (
    host_id Uint64 NOT NULL,
    name Utf8 NOT NULL
    region Utf8,
    PRIMARY KEY (host_id)
);

CREATE TABLE racks (
    rack_id Uint64 NOT NULL,
    name Utf8 NOT NULL,
    region Utf8,
    PRIMARY KEY (rack_id)
);
