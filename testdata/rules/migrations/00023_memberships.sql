-- +goose Up
-- Organisation memberships, looked up by user and by user and
-- organisation through two SYNC indexes, one a prefix of the other
-- (fullscan indexchoice: the headline and the VIEW fix name one index).
CREATE TABLE memberships (
    membership_id Uint64 NOT NULL,
    user_id Uint64 NOT NULL,
    org_id Uint64 NOT NULL,
    role Utf8,
    suspended_at Timestamp,
    INDEX user_idx GLOBAL SYNC ON (user_id),
    INDEX user_org_idx GLOBAL SYNC ON (user_id, org_id),
    PRIMARY KEY (membership_id)
);

CREATE TABLE organisations (
    org_id Uint64 NOT NULL,
    name Utf8,
    PRIMARY KEY (org_id)
);

-- An organisation's audit trail, keyed by time first: joined on org_id
-- alone it is read whole (fullscan joinscan).
CREATE TABLE org_audit (
    ts Timestamp NOT NULL,
    org_id Uint64 NOT NULL,
    action Utf8,
    PRIMARY KEY (ts, org_id)
);
