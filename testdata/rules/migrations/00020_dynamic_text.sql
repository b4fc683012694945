-- +goose Up
-- Tables of the fullscan cases on query text built at run time
-- (fullscan/dynamic, fullscan/dynamicstrict).
CREATE TABLE audit_events (
    org_id Utf8,
    created_at Timestamp,
    event_id Utf8,
    user_id Uint64,
    kind Utf8,
    PRIMARY KEY (org_id, created_at, event_id)
);

CREATE TABLE support_tickets (
    project_id Uint64,
    ticket_id Uint64,
    status Utf8,
    assignee Utf8,
    PRIMARY KEY (project_id, ticket_id)
);

-- +goose Down
DROP TABLE audit_events;
DROP TABLE support_tickets;
