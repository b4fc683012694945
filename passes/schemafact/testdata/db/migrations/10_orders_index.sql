-- +goose Up
ALTER TABLE orders ADD INDEX by_amount GLOBAL ON (amount);
