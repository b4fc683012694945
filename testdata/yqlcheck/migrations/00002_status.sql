-- +goose Up
ALTER TABLE orders ADD COLUMN status Utf8;
