-- +goose Up
CREATE TABLE tracks (
    track_id Uint64 NOT NULL,
    name Utf8,
    plays Uint64 NOT NULL,
    PRIMARY KEY (track_id)
);

-- +goose Down
DROP TABLE tracks;
