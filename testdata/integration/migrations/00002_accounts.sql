-- +goose Up
CREATE TABLE accounts (
    account_id Uint64 NOT NULL,
    email Utf8,
    PRIMARY KEY (account_id)
);

CREATE TABLE audit (
    created_at Timestamp,
    id Uint64,
    PRIMARY KEY (created_at, id)
);

-- +goose Down
DROP TABLE audit;
DROP TABLE accounts;
