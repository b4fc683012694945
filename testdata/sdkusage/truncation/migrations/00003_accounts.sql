-- +goose Up
CREATE TABLE accounts (
    id Uint64,
    email Utf8,
    plan Utf8,
    PRIMARY KEY (id),
    INDEX accounts_email_uidx GLOBAL UNIQUE SYNC ON (email),
    INDEX accounts_plan_idx GLOBAL SYNC ON (plan)
);

CREATE TABLE account_tags (
    account_id Uint64,
    tag Utf8,
    PRIMARY KEY (account_id, tag)
);

-- +goose Down
DROP TABLE account_tags;
DROP TABLE accounts;
