-- Applies after 2_events.sql in numeric order (schema.order), before it in
-- lexical order.
DROP TABLE events;
CREATE TABLE events (
    id Uint64,
    ts Timestamp,
    payload Utf8,
    PRIMARY KEY (id, ts)
);
