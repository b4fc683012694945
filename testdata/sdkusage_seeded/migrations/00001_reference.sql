-- +goose Up
CREATE TABLE currencies (
    code Utf8,
    name Utf8,
    PRIMARY KEY (code)
);

UPSERT INTO currencies (code, name) VALUES
    ("USD", "US dollar"),
    ("EUR", "Euro"),
    ("JPY", "Japanese yen");

CREATE TABLE countries (
    code Utf8,
    name Utf8,
    PRIMARY KEY (code)
);

UPSERT INTO countries (code, name) VALUES
    ("US", "United States"),
    ("DE", "Germany");

CREATE TABLE plans (
    id Uint64,
    title Utf8,
    PRIMARY KEY (id)
);

INSERT INTO plans (id, title) VALUES (1, "free"), (2, "pro");

CREATE TABLE cities (
    country Utf8,
    name Utf8,
    PRIMARY KEY (country, name)
);

-- +goose Down
DROP TABLE cities;
DROP TABLE plans;
DROP TABLE countries;
DROP TABLE currencies;
