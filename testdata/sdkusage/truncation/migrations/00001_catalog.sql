-- +goose Up
CREATE TABLE products (
    shop_id Uint64,
    id Uint64,
    title Utf8,
    price Int64,
    PRIMARY KEY (shop_id, id)
);

CREATE TABLE shop_orders (
    shop_id Uint64,
    order_id Uint64,
    total Int64,
    PRIMARY KEY (shop_id, order_id)
);

-- +goose Down
DROP TABLE shop_orders;
DROP TABLE products;
