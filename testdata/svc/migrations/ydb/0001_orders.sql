-- +goose Up
CREATE TABLE orders (
    order_hash Uint64,
    order_id Uint64,
    amount Double,
    PRIMARY KEY (order_hash, order_id)
);
-- +goose Down
DROP TABLE orders;
