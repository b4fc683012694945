// Command accountsd serves account lookups over HTTP.
package main

import (
	"context"
	"encoding/json"
	"log"
	"net/http"
	"os"
	"strconv"

	"github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/sdkusage/truncation/accounts"
)

// idsOf parses the id query parameters: as many as the client sends.
func idsOf(r *http.Request) []uint64 {
	var ids []uint64
	for _, s := range r.URL.Query()["id"] {
		if id, err := strconv.ParseUint(s, 10, 64); err == nil {
			ids = append(ids, id)
		}
	}
	return ids
}

func main() {
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB_DSN"))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close(ctx)
	repo := accounts.New(db.Table())
	http.HandleFunc("/emails", func(w http.ResponseWriter, r *http.Request) {
		emails, err := repo.Emails(r.Context(), idsOf(r))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		_ = json.NewEncoder(w).Encode(emails)
	})
	http.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		emails, err := repo.Page(r.Context(), idsOf(r))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		_ = json.NewEncoder(w).Encode(emails)
	})
	log.Fatal(http.ListenAndServe(":8080", nil))
}
