-- +goose Up
CREATE TABLE series (
    series_id Uint64 NOT NULL,
    title Utf8,
    info String,
    release_date Date,
    views Uint64 NOT NULL,
    rating Double,
    PRIMARY KEY (series_id)
);

CREATE TABLE episodes (
    series_id Uint64,
    episode_id Uint64,
    title Utf8 NOT NULL,
    air_date Timestamp,
    duration Interval,
    PRIMARY KEY (series_id, episode_id)
);

-- +goose Down
DROP TABLE episodes;
DROP TABLE series;
