-- tokens is defined in a file that package embedded embeds: go vet re-runs
-- the package when it changes (the integration test edits the key).
CREATE TABLE tokens (
    issued_at Timestamp,
    token Utf8,
    PRIMARY KEY (issued_at, token)
);
