-- +goose Up
-- profile_audit: a comma is missing after the action column, so YDB
-- refuses the migration (yqlcheck schema-syntax, reported once, by the
-- owner of migrations/ by the file tree: the first root-most package).
CREATE TABLE profile_audit (
    event_id Uint64 NOT NULL,
    profile_id Uint64 NOT NULL,
    action Utf8 NOT NULL
    note Utf8, -- want `the word note after the definition of column action \(Utf8\) is not YQL; .*"mismatched input 'note' expecting …"`
    PRIMARY KEY (event_id)
);

-- +goose Down
DROP TABLE profile_audit;
