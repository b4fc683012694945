package schemafact

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
)

// The tables of a jaeger-like module: an index table keyed by a bucket
// hash, an orders table keyed by a hash of order_id, and a table keyed
// the same way as the index but under another name.
const moduleDDL = `
CREATE TABLE idx_tag (idx_hash Uint64, rev_start_time Int64, uniq Uint32, PRIMARY KEY (idx_hash, rev_start_time, uniq));
CREATE TABLE orders (order_hash Uint64, order_id Uint64, PRIMARY KEY (order_hash, order_id));
CREATE TABLE idx_service (idx_hash Uint64, rev_start_time Int64, PRIMARY KEY (idx_hash, rev_start_time));
`

func moduleCatalog(t *testing.T, ddl string) *schema.Catalog {
	t.Helper()
	c := schema.New()
	c.ApplyText("schema/schema.go", 1, ddl)
	if len(c.Tables) == 0 {
		t.Fatalf("no tables from %q: %v", ddl, c.Warnings)
	}
	return c
}

var (
	idxKey    = []string{"idx_hash", "rev_start_time", "uniq"}
	readerEv  = TableHash{Table: "idx_tag", Key: idxKey, Hash: schema.HashPrefix{Column: "idx_hash", GoFunc: "dbmodel.HashTagIndex", Evidence: "read", Src: schema.Source{File: "reader/reader.go", Line: 539}}}
	writerEv  = TableHash{Table: "idx_tag", Key: idxKey, Hash: schema.HashPrefix{Column: "idx_hash", GoFunc: "dbmodel.HashTagIndex", Evidence: "write", Src: schema.Source{File: "indexer/index/idx_tag.go", Line: 40}}}
	ordersEv  = TableHash{Table: "orders", Key: []string{"order_hash", "order_id"}, Hash: schema.HashPrefix{Column: "order_hash", Func: "Digest::NumericHash", SourceColumn: "order_id", Evidence: "write", Src: schema.Source{File: "repo/orders.go", Line: 12}}}
	idxTagBad = TableHash{Table: "idx_tag", Key: idxKey} // a conflict: some package binds idx_hash to a request value
)

func TestMergeModule(t *testing.T) {
	tests := []struct {
		name          string
		own           []OwnEvidence
		wantHashes    []TableHash
		wantConflicts int
	}{
		{"nothing", nil, nil, 0},
		{"reader and writer agree: both kept, sorted", []OwnEvidence{{Hashes: []TableHash{writerEv}}, {Hashes: []TableHash{readerEv}}}, []TableHash{readerEv, writerEv}, 0},
		{"a package and its test variant: one copy", []OwnEvidence{{Hashes: []TableHash{readerEv}}, {Hashes: []TableHash{readerEv}}}, []TableHash{readerEv}, 0},
		{"a conflict anywhere drops bucket evidence", []OwnEvidence{{Hashes: []TableHash{readerEv}}, {Conflicts: []TableHash{idxTagBad}}}, nil, 1},
		{"a conflict does not drop §4 A evidence of another table", []OwnEvidence{{Hashes: []TableHash{ordersEv}}, {Conflicts: []TableHash{idxTagBad}}}, []TableHash{ordersEv}, 1},
		{"a conflict on a table of another key drops nothing", []OwnEvidence{{Hashes: []TableHash{readerEv}}, {Conflicts: []TableHash{{Table: "idx_tag", Key: []string{"idx_hash", "uniq"}}}}}, []TableHash{readerEv}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := MergeModule(tt.own)
			if !reflect.DeepEqual(m.Hashes, tt.wantHashes) {
				t.Errorf("Hashes = %+v, want %+v", m.Hashes, tt.wantHashes)
			}
			if len(m.Conflicts) != tt.wantConflicts {
				t.Errorf("Conflicts = %+v, want %d", m.Conflicts, tt.wantConflicts)
			}
		})
	}
}

// The merge must not depend on the order the packages finished in.
func TestMergeModuleOrder(t *testing.T) {
	own := []OwnEvidence{
		{Hashes: []TableHash{writerEv}},
		{Hashes: []TableHash{readerEv, ordersEv}},
		{Conflicts: []TableHash{{Table: "idx_service", Key: []string{"idx_hash", "rev_start_time"}}}},
		{Hashes: []TableHash{{Table: "idx_service", Key: []string{"idx_hash", "rev_start_time"}, Hash: schema.HashPrefix{Column: "idx_hash", Evidence: "read"}}}},
	}
	want := fmt.Sprintf("%+v", MergeModule(own))
	r := rand.New(rand.NewSource(1))
	for range 20 {
		r.Shuffle(len(own), func(i, j int) { own[i], own[j] = own[j], own[i] })
		if got := fmt.Sprintf("%+v", MergeModule(own)); got != want {
			t.Fatalf("order changed the merge:\n%s\nwant\n%s", got, want)
		}
	}
}

func TestModuleEvidenceApply(t *testing.T) {
	importedBucket := &schema.HashPrefix{Column: "idx_hash", Evidence: "read", Src: schema.Source{File: "reader/reader.go", Line: 1}}
	tests := []struct {
		name    string
		ddl     string
		before  map[string]*schema.HashPrefix // evidence already in the catalogue (imports, own)
		m       *ModuleEvidence
		changed bool
		want    map[string]*schema.HashPrefix
	}{
		{
			name:    "an index table the package writes gains the reader's evidence",
			ddl:     moduleDDL,
			m:       MergeModule([]OwnEvidence{{Hashes: []TableHash{readerEv}}}),
			changed: true,
			want:    map[string]*schema.HashPrefix{"idx_tag": &readerEv.Hash},
		},
		{
			name:    "write evidence is preferred to read evidence, whatever the package order",
			ddl:     moduleDDL,
			m:       MergeModule([]OwnEvidence{{Hashes: []TableHash{readerEv}}, {Hashes: []TableHash{writerEv}}}),
			changed: true,
			want:    map[string]*schema.HashPrefix{"idx_tag": &writerEv.Hash},
		},
		{
			name:    "a module conflict drops imported bucket evidence",
			ddl:     moduleDDL,
			before:  map[string]*schema.HashPrefix{"idx_tag": importedBucket},
			m:       MergeModule([]OwnEvidence{{Conflicts: []TableHash{idxTagBad}}}),
			changed: true,
			want:    map[string]*schema.HashPrefix{"idx_tag": nil},
		},
		{
			name:    "§4 A evidence stays over module bucket evidence",
			ddl:     "CREATE TABLE idx_tag (idx_hash Uint64, rev_start_time Int64, uniq Uint32, PRIMARY KEY (idx_hash, rev_start_time, uniq));",
			before:  map[string]*schema.HashPrefix{"idx_tag": {Column: "idx_hash", Func: "Digest::NumericHash", SourceColumn: "uniq", Evidence: "write"}},
			m:       MergeModule([]OwnEvidence{{Hashes: []TableHash{readerEv}}}),
			changed: false,
		},
		{
			name:    "a table of the same name and another key gets nothing",
			ddl:     "CREATE TABLE idx_tag (idx_hash Uint64, uniq Uint32, PRIMARY KEY (idx_hash, uniq));",
			m:       MergeModule([]OwnEvidence{{Hashes: []TableHash{readerEv}}}),
			changed: false,
			want:    map[string]*schema.HashPrefix{"idx_tag": nil},
		},
		{
			name:    "a table the package does not know gets nothing",
			ddl:     "CREATE TABLE users (id Uint64, name Utf8, PRIMARY KEY (id, name));",
			m:       MergeModule([]OwnEvidence{{Hashes: []TableHash{readerEv, ordersEv}}}),
			changed: false,
		},
		{
			name:    "evidence already there: nothing changes",
			ddl:     moduleDDL,
			before:  map[string]*schema.HashPrefix{"orders": &ordersEv.Hash},
			m:       MergeModule([]OwnEvidence{{Hashes: []TableHash{ordersEv}}}),
			changed: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cat := moduleCatalog(t, tt.ddl)
			for name, h := range tt.before {
				cat.Table(name).Hash = h
			}
			snapshot := fmt.Sprintf("%+v", hashes(cat))
			if got := tt.m.Changes(cat, nil); got != tt.changed {
				t.Errorf("Changes = %v, want %v", got, tt.changed)
			}
			if after := fmt.Sprintf("%+v", hashes(cat)); after != snapshot {
				t.Fatalf("Changes modified the catalogue: %s, was %s", after, snapshot)
			}
			if got := tt.m.ApplyTo(cat); got != tt.changed {
				t.Errorf("apply = %v, want %v", got, tt.changed)
			}
			for name, want := range tt.want {
				if got := cat.Table(name).Hash; !sameHash(got, want) {
					t.Errorf("%s: Hash = %+v, want %+v", name, got, want)
				}
			}
		})
	}
}

func hashes(cat *schema.Catalog) map[string]schema.HashPrefix {
	out := map[string]schema.HashPrefix{}
	for _, t := range cat.Tables {
		if t.Hash != nil {
			out[t.Path] = *t.Hash
		}
	}
	return out
}

// A package is analysed again only for the tables its sites touch.
func TestModuleEvidenceChangesTouched(t *testing.T) {
	m := MergeModule([]OwnEvidence{{Hashes: []TableHash{readerEv}}})
	cat := moduleCatalog(t, moduleDDL)
	only := func(name string) func(string) bool { return func(p string) bool { return p == name } }
	if m.Changes(cat, only("orders")) {
		t.Error("evidence for idx_tag changes a package that touches only orders")
	}
	if !m.Changes(cat, only("idx_tag")) {
		t.Error("evidence for idx_tag does not change a package that touches idx_tag")
	}
}

// FuzzModuleEvidence builds the own evidence of a few packages from the
// input over a small universe of tables, keys and hashes, and checks what
// the merge and its application promise: the package order does not
// matter, a conflicted table keeps no bucket evidence, Changes leaves the
// catalogue alone and agrees with apply, and applying twice changes
// nothing the second time.
func FuzzModuleEvidence(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add([]byte{9, 0, 9, 1, 9, 2})
	f.Add([]byte("module evidence"))
	tables := []TableHash{readerEv, writerEv, ordersEv, idxTagBad,
		{Table: "idx_service", Key: []string{"idx_hash", "rev_start_time"}},
		{Table: "idx_service", Key: []string{"idx_hash", "rev_start_time"}, Hash: schema.HashPrefix{Column: "idx_hash", Evidence: "write", Src: schema.Source{File: "w.go", Line: 3}}},
		{Table: "idx_tag", Key: []string{"idx_hash", "uniq"}, Hash: schema.HashPrefix{Column: "idx_hash", Evidence: "read"}},
		{Table: "orders", PrefixUnknown: true, Key: []string{"order_hash", "order_id"}, Hash: ordersEv.Hash},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64 {
			data = data[:64]
		}
		var own []OwnEvidence
		cur := OwnEvidence{}
		for _, b := range data {
			switch {
			case b%9 == 8:
				own = append(own, cur)
				cur = OwnEvidence{}
			case b&0x80 != 0:
				c := tables[int(b)%len(tables)]
				c.Hash = schema.HashPrefix{}
				cur.Conflicts = append(cur.Conflicts, c)
			default:
				if h := tables[int(b)%len(tables)]; h.Hash.Column != "" {
					cur.Hashes = append(cur.Hashes, h)
				}
			}
		}
		own = append(own, cur)
		m := MergeModule(own)
		rev := make([]OwnEvidence, len(own))
		for i := range own {
			rev[len(own)-1-i] = own[i]
		}
		if a, b := fmt.Sprintf("%+v", m), fmt.Sprintf("%+v", MergeModule(rev)); a != b {
			t.Fatalf("order changed the merge:\n%s\n%s", a, b)
		}
		conflicted := map[string]bool{}
		for _, c := range m.Conflicts {
			conflicted[identity(c)] = true
		}
		for _, h := range m.Hashes {
			if h.Hash.Bucket() && conflicted[identity(h)] {
				t.Fatalf("bucket evidence kept for a conflicted table: %+v", h)
			}
		}
		cat := moduleCatalog(t, moduleDDL)
		before := fmt.Sprintf("%+v", hashes(cat))
		changes := m.Changes(cat, nil)
		if after := fmt.Sprintf("%+v", hashes(cat)); after != before {
			t.Fatal("Changes modified the catalogue")
		}
		if got := m.ApplyTo(cat); got != changes {
			t.Fatalf("apply = %v, Changes = %v", got, changes)
		}
		if m.ApplyTo(cat) {
			t.Fatal("a second apply changed the catalogue again")
		}
	})
}
