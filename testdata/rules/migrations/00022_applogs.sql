-- +goose Up
-- Logs of the platform's four applications: keyed by application, then
-- time (monotonickey low-cardinality-prefix; applogs).
CREATE TABLE app_logs (
    app Utf8 NOT NULL,
    ts Timestamp NOT NULL,
    host Utf8 NOT NULL,
    message Utf8,
    PRIMARY KEY (app, ts, host)
);

-- The correct twin: a user id ahead of the time.
CREATE TABLE user_logs (
    user_id Uint64 NOT NULL,
    ts Timestamp NOT NULL,
    message Utf8,
    PRIMARY KEY (user_id, ts)
);

-- Feature-flag changes keyed by a Bool first.
CREATE TABLE flag_changes (
    enabled Bool NOT NULL,
    changed_at Timestamp NOT NULL,
    flag Utf8 NOT NULL,
    PRIMARY KEY (enabled, changed_at, flag)
);

-- Job queues: the sequence number is an epoch filled from the clock.
CREATE TABLE queue_jobs (
    queue Utf8 NOT NULL,
    seq Uint64 NOT NULL,
    payload String,
    PRIMARY KEY (queue, seq)
);

-- Tasks: the queue name comes from the caller as well as from constants
-- (proven only with -strict; queues).
CREATE TABLE tasks (
    lane Utf8 NOT NULL,
    created_at Timestamp NOT NULL,
    id Uint64 NOT NULL,
    PRIMARY KEY (lane, created_at, id)
);

-- +goose Down
DROP TABLE tasks;
DROP TABLE queue_jobs;
DROP TABLE flag_changes;
DROP TABLE user_logs;
DROP TABLE app_logs;
