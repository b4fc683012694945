// Package api is the catalogue's request handlers: they hand request
// fields to repository methods that splice them into query text.
package api

import (
	"context"

	"example.com/sdkusage/yqlinject/catalog"
)

type Handler struct{ repo *catalog.Repo }

func NewHandler(repo *catalog.Repo) *Handler { return &Handler{repo: repo} }

// GetRequest is what the API receives.
type GetRequest struct {
	ID    string
	Title string
}

// Get passes a request field to a repository method that splices it into
// an IN list.
func (h *Handler) Get(ctx context.Context, req GetRequest) error {
	_, err := h.repo.ByIDs(ctx, req.ID) // want `req.ID is spliced into the YQL text as an IN list element: YQL injection; the value is from parameter req of exported \(\*Handler\).Get.*\(DECLARE \$id AS Utf8;\), write \$id in the text .*; reached through \(\*example.com/sdkusage/yqlinject/catalog.Repo\).ByIDs at catalog.go:\d+:\d+ → query.Client.QueryResultSet`
	return err
}

// GetParam is Get's correct twin.
func (h *Handler) GetParam(ctx context.Context, req GetRequest) error {
	_, err := h.repo.ByIDsParam(ctx, req.ID)
	return err
}

// Find passes a request field through a repository method to a text
// built in a third package.
func (h *Handler) Find(ctx context.Context, req GetRequest) error {
	_, err := h.repo.ByTitle(ctx, req.Title) // want `req.Title is spliced into the YQL text as a string literal: YQL injection; the value is from parameter req of exported \(\*Handler\).Find`
	return err
}

// FindParam is Find's correct twin.
func (h *Handler) FindParam(ctx context.Context, req GetRequest) error {
	_, err := h.repo.ByTitleParam(ctx, req.Title)
	return err
}

// Featured passes constants: one text each.
func (h *Handler) Featured(ctx context.Context) error {
	if _, err := h.repo.ByTitle(ctx, "featured"); err != nil {
		return err
	}
	_, err := h.repo.FromTable(ctx, catalog.Active)
	return err
}

// Archived passes an enum value chosen by the caller: a few texts.
func (h *Handler) Archived(ctx context.Context, s catalog.Status) error {
	_, err := h.repo.FromTable(ctx, s)
	return err
}

// Setup creates the table: DDL takes no parameters.
func (h *Handler) Setup(ctx context.Context, family string, days int) error {
	return h.repo.CreateTable(ctx, days, family)
}

// lookup is unexported: its callers are in this package and the rule does
// not follow them.
func (h *Handler) lookup(ctx context.Context, id string) error {
	_, err := h.repo.ByIDs(ctx, id)
	return err
}

// Lookups calls lookup with a constant.
func (h *Handler) Lookups(ctx context.Context) error {
	return h.lookup(ctx, "a")
}
