package explore

import (
	"fmt"
	"reflect"

	"modelcheck/model"
)

// encoder is how states of one model fork are turned into the bytes the
// explorer fingerprints: the model's own Encode, or, for a model without
// one (model nil), the state's raw bytes. It holds the interface rather
// than a method value so that encoding costs one interface call per
// successor, as calling the model does, not a closure around one.
type encoder[S any] struct{ model model.Encoder[S] }

// encode appends the bytes of *s to fingerprint.
func (e encoder[S]) encode(s *S, buf []byte) []byte {
	if e.model != nil {
		return e.model.Encode(s, buf)
	}
	return append(buf, rawBytes(s)...)
}

// encoderOf picks m's encoder. A model without Encode is fingerprinted by
// its raw bytes, which is only sound when every byte of S is specified and
// equal bytes mean equal states: integers and booleans, in arrays and
// structs without padding. Anything else is refused here, before a run,
// rather than explored with states that never deduplicate (padding) or
// that deduplicate wrongly (-0 and +0, NaN, pointers).
func encoderOf[S any, I comparable](m Model[S, I]) (encoder[S], error) {
	if e, ok := m.(model.Encoder[S]); ok {
		return encoder[S]{e}, nil
	}
	if t := reflect.TypeFor[S](); !rawHashable(t) {
		return encoder[S]{}, fmt.Errorf("explore: the model has no Encode method and its state type %v is not plain bytes (integers and booleans without padding); give it Encode(s *%v, buf []byte) []byte", t, t)
	}
	return encoder[S]{}, nil
}

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
