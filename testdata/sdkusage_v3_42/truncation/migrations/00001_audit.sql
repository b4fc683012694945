-- +goose Up
CREATE TABLE audit_log (
    tenant Utf8,
    seq Uint64,
    action Utf8,
    PRIMARY KEY (tenant, seq)
);

-- +goose Down
DROP TABLE audit_log;
