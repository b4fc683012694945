-- +goose Up
-- orders is hash-prefixed: order_hash = Digest::NumericHash(order_id), as
-- ordersql.Save writes it (the write evidence).
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
    INDEX idx_population GLOBAL ASYNC ON (population),
    PRIMARY KEY (city, number)
);

-- +goose Down
DROP TABLE cities;
DROP TABLE orders;
