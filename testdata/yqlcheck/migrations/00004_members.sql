-- +goose Up
-- members: a stray "s" after the comma of first_name reads as a column s
-- of type last_name, and YDB stops at the word Utf8 after it.
CREATE TABLE members (
    member_id Uint64 NOT NULL,
    first_name Utf8,s
    last_name Utf8,
    joined Timestamp,
    PRIMARY KEY (member_id)
);

-- invites: the code column's type is misspelt.
CREATE TABLE invites (
    code Strng NOT NULL,
    member_id Uint64,
    PRIMARY KEY (code)
);

-- +goose Down
DROP TABLE invites;
DROP TABLE members;
