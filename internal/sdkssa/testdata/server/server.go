// Package server wires the repository into handlers; it imports the SDK
// only through orders.
package server

import (
	"context"
	"fmt"

	"example.com/sdkssa/orders"
)

type Server struct{ repo *orders.Repo }

func (s *Server) Stats(ctx context.Context) string {
	n, err := s.repo.Count(ctx)
	if err != nil {
		return "unavailable"
	}
	return fmt.Sprint(n)
}
