-- +goose Up
-- The integration test edits this key to check go vet's cache caveat.
CREATE TABLE logs (
    ts Timestamp,
    userid Uint64,
    event Utf8,
    PRIMARY KEY (ts, userid)
);

-- +goose Down
DROP TABLE logs;
