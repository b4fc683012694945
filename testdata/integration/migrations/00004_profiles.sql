-- +goose Up
-- profiles is the table of the yqlcheck cases (package profiles).
CREATE TABLE profiles (
    profile_id Uint64 NOT NULL,
    handle Utf8 NOT NULL,
    bio Utf8,
    updated_at Timestamp,
    PRIMARY KEY (profile_id),
    INDEX profiles_by_handle GLOBAL ON (handle)
);

-- +goose Down
DROP TABLE profiles;
