-- +goose Up
CREATE TABLE orders (
    order_hash Uint64,
    order_id Uint64,
    amount Double,
    PRIMARY KEY (order_hash, order_id)
);

CREATE TABLE cities (
    city Utf8,
    number Uint64,
    population Uint64,
    PRIMARY KEY (city, number),
    INDEX idx_population GLOBAL ON (population)
);

-- +goose Down
DROP TABLE orders;
DROP TABLE cities;
