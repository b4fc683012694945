-- +goose Up
-- profiles: every type is one YQL knows, under its SQL alias or its
-- flexible name; nothing here is reported.
CREATE TABLE profiles (
    member_id BIGINT NOT NULL,
    nick Text,
    avatar Bytes,
    age int,
    city varchar,
    settings json_document,
    PRIMARY KEY (member_id)
);

-- +goose Down
DROP TABLE profiles;
