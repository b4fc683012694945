-- +goose Up
-- Tables of the hashprefix tests.
CREATE TABLE orders (
    order_hash Uint64,
    order_id Uint64,
    customer_id Uint64,
    amount Double,
    PRIMARY KEY (order_hash, order_id)
);

CREATE TABLE users (
    -- ydblint:hash user_hash = Digest::NumericHash(user_id)
    user_hash Uint64,
    user_id Uint64,
    name Utf8,
    PRIMARY KEY (user_hash, user_id)
);

-- +goose Down
DROP TABLE orders;
DROP TABLE users;
