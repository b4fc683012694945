// Package sqlfiles keeps statements the scheduler shares in .sql files,
// embedded one per exported variable, the way a service keeps queries next
// to its migrations.
package sqlfiles

import _ "embed"

// OwnedJobs lists an owner's jobs.
//
//go:embed owned.sql
var OwnedJobs string

// ClaimJob hands a job to an owner.
//
//go:embed claim.sql
var ClaimJob string
