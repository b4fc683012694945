-- +goose Up
-- Organisation invites: a SYNC index by creation time and an ASYNC one by
-- email (fullscan indexchoice: when only the ASYNC index pins a column,
-- the headline and the VIEW fix both name the SYNC index KQP may choose;
-- indexwrites: an UPDATE or DELETE through the ASYNC index gets advice
-- only, no fix).
CREATE TABLE invites (
    invite_id Uint64 NOT NULL,
    org_id Uint64 NOT NULL,
    email Utf8 NOT NULL,
    created_at Timestamp NOT NULL,
    accepted_at Timestamp,
    INDEX created_idx GLOBAL SYNC ON (created_at),
    INDEX email_idx GLOBAL ASYNC ON (email),
    PRIMARY KEY (invite_id)
);
