//go:build !amd64 && !arm64

package explore

// prefetch does nothing where no assembly version exists: it is a hint
// (see prefetch_asm.go), and lookups are as correct without it.
func prefetch(*uint64) {}
