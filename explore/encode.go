package explore

import (
	"fmt"
	"reflect"

	"modelcheck/model"
)

// encoder is how states of one model fork are turned into the bytes the
// explorer fingerprints: the model's own Encode, or, for a model without
// one, the state's raw bytes.
type encoder[S any] func(s *S, buf []byte) []byte

// encoderOf picks m's encoder. A model without Encode is fingerprinted by
// its raw bytes, which is only sound when every byte of S is specified and
// equal bytes mean equal states: integers and booleans, in arrays and
// structs without padding. Anything else is refused here, before a run,
// rather than explored with states that never deduplicate (padding) or
// that deduplicate wrongly (-0 and +0, NaN, pointers).
func encoderOf[S any, I comparable](m Model[S, I]) (encoder[S], error) {
	if e, ok := m.(model.Encoder[S]); ok {
		return e.Encode, nil
	}
	if t := reflect.TypeFor[S](); !rawHashable(t) {
		return nil, fmt.Errorf("explore: the model has no Encode method and its state type %v is not plain bytes (integers and booleans without padding); give it Encode(s *%v, buf []byte) []byte", t, t)
	}
	return appendRaw[S], nil
}

// appendRaw appends the memory of *s.
func appendRaw[S any](s *S, buf []byte) []byte { return append(buf, rawBytes(s)...) }

// rawHashable reports whether a value of type t is wholly specified by its
// bytes, with equal values having equal bytes.
func rawHashable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	case reflect.Array:
		return rawHashable(t.Elem())
	case reflect.Struct:
		var size uintptr
		for i := range t.NumField() {
			f := t.Field(i)
			if !rawHashable(f.Type) {
				return false
			}
			size += f.Type.Size()
		}
		return size == t.Size() // no padding between or after the fields
	}
	return false
}
