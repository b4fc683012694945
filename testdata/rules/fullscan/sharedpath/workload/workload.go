// Package workload parses the settings every storage of the benchmark
// shares: the table lives at a path joined from the database and the run's
// label, which no storage package can read as text.
package workload

import (
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
)

// Config is what the command line gave.
type Config struct {
	Database string
	Label    string
	Ref      string
}

// Params are the settings a storage is built from.
type Params struct {
	TablePath  string
	Partitions uint64
}

// ParseParams derives a storage's settings from the run's configuration.
func ParseParams(cfg *Config) Params {
	return Params{
		TablePath:  path.Join(cfg.Database, cfg.Label, cfg.Ref),
		Partitions: 8,
	}
}

// Partitioning is the table option of the settings.
func (p Params) Partitioning() options.CreateTableOption {
	return options.WithPartitions(options.WithUniformPartitions(p.Partitions))
}
