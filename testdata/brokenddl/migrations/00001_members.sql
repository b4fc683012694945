-- +goose Up
CREATE TABLE members (
    id Uint64 NOT NULL,
    email Utf8,
    name Utf8,
    PRIMARY KEY (id)
);

-- The archive copy was written by hand and does not parse (a column
-- constraint YQL does not have): ydblint knows no schema for it. It must not
-- take the place of members, whose name it ends with.
CREATE TABLE `archive/members` (
    id Uint64 NOT NULL PRIMARY KEY NONSENSE,
    email Utf8,
    archived_at Timestamp
);
