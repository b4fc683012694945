package schema

import (
	"reflect"
	"testing"
)

func TestParseHashAnnotation(t *testing.T) {
	tests := []struct {
		body    string
		want    hashAnnotation
		isAnn   bool
		wantErr bool
	}{
		{" ydblint:hash order_hash = Digest::NumericHash(order_id)",
			hashAnnotation{column: "order_hash", fn: "Digest::NumericHash", source: "order_id"}, true, false},
		{"ydblint:hash orders.order_hash=Digest::CityHash( order_id )  ",
			hashAnnotation{table: "orders", column: "order_hash", fn: "Digest::CityHash", source: "order_id"}, true, false},
		{" ydblint:hash `dir/orders`.`order_hash` = Digest::NumericHash(`order_id`)",
			hashAnnotation{table: "dir/orders", column: "order_hash", fn: "Digest::NumericHash", source: "order_id"}, true, false},
		{" ydblint:hash dir/orders.h = xxhash.Sum64(id)",
			hashAnnotation{table: "dir/orders", column: "h", fn: "xxhash.Sum64", source: "id"}, true, false},
		{" YDBLINT:HASH h = F(id)",
			hashAnnotation{column: "h", fn: "F", source: "id"}, true, false},
		{" ordinary comment", hashAnnotation{}, false, false},
		{" ydblint:hashes h = F(id)", hashAnnotation{}, false, false},
		{" ydblint:hash", hashAnnotation{}, true, true},
		{" ydblint:hash h F(id)", hashAnnotation{}, true, true},
		{" ydblint:hash h = (id)", hashAnnotation{}, true, true},
		{" ydblint:hash h = F id", hashAnnotation{}, true, true},
		{" ydblint:hash h = F(a, b)", hashAnnotation{}, true, true},
		{" ydblint:hash h = F(id) trailing", hashAnnotation{}, true, true},
		{" ydblint:hash h = F(id", hashAnnotation{}, true, true},
		{" ydblint:hash `unterminated = F(id)", hashAnnotation{}, true, true},
	}
	for _, tt := range tests {
		got, isAnn, err := parseHashAnnotation(tt.body)
		if isAnn != tt.isAnn || (err != "") != tt.wantErr {
			t.Errorf("parseHashAnnotation(%q): isAnn=%v err=%q; want isAnn=%v wantErr=%v", tt.body, isAnn, err, tt.isAnn, tt.wantErr)
			continue
		}
		if tt.isAnn && !tt.wantErr && !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseHashAnnotation(%q) = %+v, want %+v", tt.body, got, tt.want)
		}
	}
}

func TestLineComments(t *testing.T) {
	text := "SELECT '--not' AS a, \"--no\" AS b, `--no` AS c, @@ -- no @@@@ -- no @@ /* -- no */ -- yes1\n" +
		"x -- yes2"
	got := lineComments(text)
	var bodies []string
	for _, c := range got {
		bodies = append(bodies, c.body)
		if text[c.offset:c.offset+2] != "--" {
			t.Errorf("offset %d does not point at --", c.offset)
		}
	}
	want := []string{" yes1", " yes2"}
	if !reflect.DeepEqual(bodies, want) {
		t.Errorf("comments = %q, want %q", bodies, want)
	}
	// Unterminated constructs end the scan without panicking.
	for _, s := range []string{"'abc", "/* abc", "@@ abc", "`abc", "'\\"} {
		_ = lineComments(s)
	}
}
