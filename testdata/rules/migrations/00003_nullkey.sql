-- +goose Up
CREATE TABLE accounts (
    account_id Uint64 NOT NULL,
    email Utf8,
    PRIMARY KEY (account_id)
);

CREATE TABLE sessions (
    user_id Uint64,
    session_id Utf8,
    data Utf8,
    PRIMARY KEY (user_id, session_id)
);

CREATE TABLE tickets (
    id Serial8,
    title Utf8,
    PRIMARY KEY (id)
);
