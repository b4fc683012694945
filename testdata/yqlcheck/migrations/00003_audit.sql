-- +goose Up
CREATE TABLE audit_log (
    event_id Uint64 NOT NULL,
    actor Utf8 NOT NULL,
    action Utf8 NOT NULL
    details JsonDocument,
    PRIMARY KEY (event_id)
);

-- +goose Down
DROP TABLE audit_log;
