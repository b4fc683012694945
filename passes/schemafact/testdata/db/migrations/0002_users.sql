-- +goose Up
CREATE TABLE users (id Uint64 NOT NULL, email Utf8, PRIMARY KEY (id));

-- +goose Down
DROP TABLE users;
CREATE TABLE users (email Utf8, PRIMARY KEY (email));
