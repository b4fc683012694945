// Package web serves search over HTTP with database/sql on the YDB driver.
package web

import (
	"database/sql"
	"fmt"
	"net/http"
	"strconv"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

type Server struct{ db *sql.DB }

func NewServer(drv *ydb.Driver) (*Server, error) {
	conn, err := ydb.Connector(drv)
	if err != nil {
		return nil, err
	}
	return &Server{db: sql.OpenDB(conn)}, nil
}

// Search concatenates a form value into the text.
func (s *Server) Search(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name") // want `r.FormValue\("name"\) is spliced into the YQL text as a string literal: YQL injection; the value is from parameter r of exported \(\*Server\).Search.* bind it with sql.Named\("name", r.FormValue\("name"\)\)`
	rows, err := s.db.QueryContext(r.Context(), "SELECT id FROM users WHERE name = '"+name+"'")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
}

// SearchParam is Search's correct twin.
func (s *Server) SearchParam(w http.ResponseWriter, r *http.Request) {
	rows, err := s.db.QueryContext(r.Context(), "DECLARE $name AS Utf8; SELECT id FROM users WHERE name = $name",
		sql.Named("name", r.FormValue("name")))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
}

// Older formats a query-string parameter with Sprintf.
func (s *Server) Older(w http.ResponseWriter, r *http.Request) {
	age, err := strconv.Atoi(r.URL.Query().Get("age"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rows, err := s.db.QueryContext(r.Context(), fmt.Sprintf("SELECT id FROM users WHERE age > %d AND city LIKE '%s%%'", age, r.URL.Query().Get("city"))) // want `age is spliced into the YQL text as a value compared with column age: a new query text per value; the value is r.URL.Query\(\).Get\("age"\), from parameter r of exported \(\*Server\).Older.* sql.Named\("age", int64\(age\)\)` `r.URL.Query\(\).Get\("city"\) is spliced into the YQL text as a string literal: YQL injection; the value is from parameter r of exported \(\*Server\).Older.* \(DECLARE \$city AS Utf8;\), write \$city \(without the quotes\)`
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
}
