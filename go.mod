module modelcheck

go 1.26.8

require (
	github.com/cockroachdb/datadriven v1.0.3
	golang.org/x/sync v0.24.0
	pgregory.net/rapid v1.3.0
)

require github.com/pmezard/go-difflib v1.0.0 // indirect
