-- The billing service's PostgreSQL database lives in the same repository.
-- +goose Up
CREATE TABLE orders_archive (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders(order_id),
    note VARCHAR(255)
);
-- +goose Down
DROP TABLE orders_archive;
