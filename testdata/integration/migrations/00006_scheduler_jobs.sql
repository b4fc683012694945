-- +goose Up
-- The scheduler's jobs: fullscan cases whose query text only the evaluator
-- recovers (package evaluated).
CREATE TABLE scheduler_jobs (
    job_id Uint64,
    owner Utf8,
    state Utf8,
    run_at Timestamp,
    PRIMARY KEY (job_id)
);

-- +goose Down
DROP TABLE scheduler_jobs;
