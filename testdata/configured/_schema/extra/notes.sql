-- Not matched by "_schema/extra/*.yql": this table must not exist.
CREATE TABLE notes (id Uint64, PRIMARY KEY (id));
