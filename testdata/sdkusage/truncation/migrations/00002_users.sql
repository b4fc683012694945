-- +goose Up
CREATE TABLE users (
    id Uint64,
    email Utf8,
    display_name Utf8,
    PRIMARY KEY (id),
    INDEX users_email_uidx GLOBAL UNIQUE SYNC ON (email),
    INDEX users_name_idx GLOBAL SYNC ON (display_name)
);

-- +goose Down
DROP TABLE users;
