-- +goose Up
CREATE TABLE users (
    user_id Uint64 NOT NULL,
    email Utf8 NOT NULL,
    name Utf8,
    state Utf8 NOT NULL DEFAULT 'active',
    created_at Timestamp,
    seen_at Timestamp,
    PRIMARY KEY (user_id),
    INDEX users_by_email GLOBAL ON (email)
);

CREATE TABLE orders (
    id Serial8,
    user_id Uint64 NOT NULL,
    amount Double NOT NULL,
    note Utf8,
    PRIMARY KEY (id)
);

-- +goose Down
DROP TABLE orders;
DROP TABLE users;
