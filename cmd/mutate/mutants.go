package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// A Mutant is one small edit of one source file: the bytes [Start, End) of
// File are replaced by Repl. Edits are textual so that a mutant is built
// from the original file plus one splice (an overlay), never from a
// reprinted AST that would also reformat the file.
type Mutant struct {
	File  string // path relative to the module root, slash-separated
	Line  int
	Col   int // so that two edits of one line (a, b = false, false) have two IDs
	Start int
	End   int
	Repl  string
	// What says what changed, in the source's own spelling ("< -> <=").
	What string
	// Op is the operator class that made it (one of Ops), which -ops
	// selects by.
	Op string
}

// Ops are the mutation operator classes, in the order -ops lists them:
// swap a comparison, connective or sum, negate a condition, remove a
// statement, move an integer constant by one, swap a bit operator, flip a
// boolean literal, drop a logical not, and turn a step (++, +=) into its
// opposite.
var Ops = []string{"swap", "negate", "remove", "const", "bits", "bool", "not", "step"}

// ID names a mutant stably: file, line, column and the edit.
func (m Mutant) ID() string { return fmt.Sprintf("%s:%d:%d: %s", m.File, m.Line, m.Col, m.What) }

// Apply returns src with the mutant's edit made.
func (m Mutant) Apply(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(m.Repl))
	out = append(out, src[:m.Start]...)
	out = append(out, m.Repl...)
	return append(out, src[m.End:]...)
}

// swaps are the binary operator mutations: each boundary flipped, each
// equality negated, each connective exchanged, each sum made a difference.
var swaps = map[token.Token]token.Token{
	token.LSS: token.LEQ, token.LEQ: token.LSS,
	token.GTR: token.GEQ, token.GEQ: token.GTR,
	token.EQL: token.NEQ, token.NEQ: token.EQL,
	token.LAND: token.LOR, token.LOR: token.LAND,
	token.ADD: token.SUB, token.SUB: token.ADD,
}

// bitSwaps are the bit operator mutations, in the wheel's slot and cursor
// arithmetic and in the fault and capability sets.
var bitSwaps = map[token.Token]token.Token{
	token.AND: token.OR, token.OR: token.AND,
	token.SHL: token.SHR, token.SHR: token.SHL,
	token.AND_NOT: token.AND,
}

// steps are the step mutations: an increment made a decrement, an
// added amount subtracted, and back.
var steps = map[token.Token]token.Token{
	token.INC: token.DEC, token.DEC: token.INC,
	token.ADD_ASSIGN: token.SUB_ASSIGN, token.SUB_ASSIGN: token.ADD_ASSIGN,
}

// textOnly are the functions whose only output is text (String methods,
// error messages, event formatting). The explorer reads states and events,
// not their spelling, so a mutant there is equivalent for it by design; the
// conformance fixtures, which compare printed events, own those functions.
var textOnly = map[string]bool{
	"String": true, "StringNoHost": true, "appendFields": true, "Error": true, "GoString": true,
	"BodyString": true, "roleName": true, "Spell": true,
}

// spellingOnly reports whether fn only reads text: ParseInput and the
// methods of its parser turn a test file's line into an input, the other
// Parse and parse functions (ParseKind, parseID, ...) and the ByName
// lookups (ProtocolByName, FaultByName) read a name, and a settings
// method Set(key, value string) reads a scenario's key=value line. The
// explorer builds inputs as values (Enabled) and never parses one, so a
// mutant there is out of its reach by design, as a String method's is;
// the fuzz targets, the conformance fixtures and replay's file checks own
// that code. Counting such mutants as the explorer's survivors would
// measure the wrong tool.
func spellingOnly(fn *ast.FuncDecl) bool {
	name := fn.Name.Name
	if textOnly[name] || strings.HasPrefix(name, "Parse") || strings.HasPrefix(name, "parse") ||
		strings.HasSuffix(name, "ByName") || isSettingsSet(fn) {
		return true
	}
	if fn.Recv == nil || len(fn.Recv.List) != 1 {
		return false
	}
	t := fn.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	id, ok := t.(*ast.Ident)
	return ok && id.Name == "parser"
}

// flips are the boolean literal mutations.
var flips = map[string]string{"true": "false", "false": "true"}

// Enumerate lists every mutant of src (the file named name), in source
// order: for each node in turn its operator swap, its condition negation,
// its statement removal, its constant changes, its bit operator swap, its
// boolean flip, its dropped not and its reversed step.
func Enumerate(name string, src []byte) ([]Mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []Mutant
	add := func(op string, pos, end token.Pos, repl, what string) {
		p := fset.Position(pos)
		out = append(out, Mutant{File: name, Line: p.Line, Col: p.Column, Start: p.Offset, End: fset.Position(end).Offset, Repl: repl, What: what, Op: op})
	}
	text := func(n ast.Node) string {
		return string(src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	negated := map[*ast.UnaryExpr]bool{}
	negate := func(cond ast.Expr) {
		add("negate", cond.Pos(), cond.End(), "!("+text(cond)+")", "negate "+abbrev(text(cond)))
		// Negating !c is dropping its not: one mutant, not two.
		if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			negated[u] = true
		}
	}
	removals := func(list []ast.Stmt) {
		for _, s := range list {
			if removable(s) {
				add("remove", s.Pos(), s.End(), "", "remove "+abbrev(text(s)))
			}
		}
	}
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil || spellingOnly(fn) {
			continue
		}
		faults := faultParams(fn)
		var visit func(n ast.Node) bool
		visit = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IfStmt:
				if faultOnly(n.Cond, faults) {
					// The body is the fault switch's planted bug: dead
					// code unless the switch is on. Its else is not.
					if n.Else != nil {
						ast.Inspect(n.Else, visit)
					}
					return false
				}
				negate(n.Cond)
			case *ast.BinaryExpr:
				if to, ok := swaps[n.Op]; ok && !isStringConcat(n) {
					add("swap", n.OpPos, n.OpPos+token.Pos(len(n.Op.String())), to.String(), n.Op.String()+" -> "+to.String())
				}
				if to, ok := bitSwaps[n.Op]; ok {
					add("bits", n.OpPos, n.OpPos+token.Pos(len(n.Op.String())), to.String(), n.Op.String()+" -> "+to.String())
				}
			case *ast.UnaryExpr:
				if n.Op == token.NOT && !negated[n] {
					add("not", n.Pos(), n.End(), "("+text(n.X)+")", "drop the not of "+abbrev(text(n)))
				}
			case *ast.Ident:
				if flip, ok := flips[n.Name]; ok {
					add("bool", n.Pos(), n.End(), flip, n.Name+" -> "+flip)
				}
			case *ast.IncDecStmt:
				x := abbrev(text(n.X))
				add("step", n.TokPos, n.TokPos+2, steps[n.Tok].String(), x+n.Tok.String()+" -> "+x+steps[n.Tok].String())
			case *ast.AssignStmt:
				if to, ok := steps[n.Tok]; ok {
					add("step", n.TokPos, n.TokPos+2, to.String(), n.Tok.String()+" -> "+to.String())
				}
			case *ast.ForStmt:
				if n.Cond != nil {
					negate(n.Cond)
				}
			case *ast.BlockStmt:
				removals(n.List)
			case *ast.CaseClause:
				if len(n.List) > 0 && !slices.ContainsFunc(n.List, func(e ast.Expr) bool { return !faultOnly(e, faults) }) {
					// A case of a tagless switch that only a fault
					// switch's test selects: dead code too, as an if's.
					return false
				}
				removals(n.Body)
			case *ast.CommClause:
				removals(n.Body)
			case *ast.BasicLit:
				if n.Kind == token.INT {
					add("const", n.Pos(), n.End(), "("+n.Value+"+1)", n.Value+" -> "+n.Value+"+1")
					if v, err := strconv.ParseUint(n.Value, 0, 64); err != nil || v > 0 {
						add("const", n.Pos(), n.End(), "("+n.Value+"-1)", n.Value+" -> "+n.Value+"-1")
					}
				}
			}
			return true
		}
		ast.Inspect(fn.Body, visit)
	}
	return out, nil
}

// faultOnly: cond holds only with a fault on: a fault switch test
// (`x.Has(fault.F)`, a package's own set `cfg.Faults.Has(F)`, or
// `f.Has(F)` with f one of the function's fault-set parameters, faults),
// several joined by ||, or one joined by && to any other condition
// (`faults.Has(F) && room`), so the block it guards runs only with that
// fault on.
func faultOnly(cond ast.Expr, faults map[string]bool) bool {
	switch c := cond.(type) {
	case *ast.ParenExpr:
		return faultOnly(c.X, faults)
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND:
			return faultOnly(c.X, faults) || faultOnly(c.Y, faults)
		case token.LOR:
			return faultOnly(c.X, faults) && faultOnly(c.Y, faults)
		}
		return false
	case *ast.CallExpr:
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Has" || len(c.Args) != 1 {
			return false
		}
		if recv, ok := sel.X.(*ast.SelectorExpr); ok && recv.Sel.Name == "Faults" {
			return true
		}
		if recv, ok := sel.X.(*ast.Ident); ok && faults[recv.Name] {
			return true
		}
		arg, ok := c.Args[0].(*ast.SelectorExpr)
		if !ok {
			return false
		}
		pkg, ok := arg.X.(*ast.Ident)
		return ok && pkg.Name == "fault"
	}
	return false
}

// faultParams names fn's parameters of a fault-set type: `Faults` (the
// VM's and Sthira's own), `x.Faults` or `fault.Set`. The VM passes its
// faults down as such a parameter (`f Faults`), so `f.Has(F)` is a fault
// switch's test as `cfg.Faults.Has(F)` is.
func faultParams(fn *ast.FuncDecl) map[string]bool {
	out := map[string]bool{}
	for _, field := range fn.Type.Params.List {
		isSet := false
		switch t := field.Type.(type) {
		case *ast.Ident:
			isSet = t.Name == "Faults"
		case *ast.SelectorExpr:
			pkg, ok := t.X.(*ast.Ident)
			isSet = t.Sel.Name == "Faults" || ok && pkg.Name == "fault" && t.Sel.Name == "Set"
		}
		for _, name := range field.Names {
			out[name.Name] = out[name.Name] || isSet
		}
	}
	return out
}

// removable: a plain assignment, an increment or decrement, or a call
// statement. Declarations (:=) cannot be removed without breaking the
// build, and control flow is mutated through its condition instead.
func removable(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return s.Tok != token.DEFINE
	case *ast.IncDecStmt:
		return true
	case *ast.ExprStmt:
		_, ok := s.X.(*ast.CallExpr)
		return ok
	}
	return false
}

// isSettingsSet reports whether fn is a method Set(key, value string):
// a scenario setting read from its spelling.
func isSettingsSet(fn *ast.FuncDecl) bool {
	if fn.Name.Name != "Set" || fn.Recv == nil || fn.Type.Params == nil {
		return false
	}
	params := 0
	for _, f := range fn.Type.Params.List {
		if id, ok := f.Type.(*ast.Ident); !ok || id.Name != "string" {
			return false
		}
		params += len(f.Names)
	}
	return params == 2
}

// isStringConcat: a + between string literals is formatting, not logic.
func isStringConcat(b *ast.BinaryExpr) bool {
	for _, e := range []ast.Expr{b.X, b.Y} {
		if l, ok := e.(*ast.BasicLit); ok && l.Kind == token.STRING {
			return true
		}
	}
	return false
}

// abbrev puts a statement or condition on one short line.
func abbrev(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// excludedDirs are the runtime packages no mutant is planted in:
// conformance is the fixture runner (test code in all but name). dethash
// was excluded while the checks recomputed hashes with it; they have their
// own DetHasher and DetRng now (invariants/asupersync/dethash.go).
var excludedDirs = map[string]bool{"runtime/conformance": true}

// EnumerateTree lists the mutants of every non-test Go file under
// root/dir, files in lexical order. pkg, if not empty, keeps only the
// packages whose directory contains it.
func EnumerateTree(root, dir, pkg string) ([]Mutant, error) {
	return enumerateFiles(root, dir, pkg, Enumerate)
}

// enumerateFiles applies enumerate to every file sourceFiles lists, in
// its order.
func enumerateFiles(root, dir, pkg string, enumerate func(name string, src []byte) ([]Mutant, error)) ([]Mutant, error) {
	files, err := sourceFiles(root, dir, pkg)
	if err != nil {
		return nil, err
	}
	var all []Mutant
	for _, rel := range files {
		src, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			return nil, err
		}
		ms, err := enumerate(rel, src)
		if err != nil {
			return nil, err
		}
		all = append(all, ms...)
	}
	return all, nil
}

// sourceFiles lists the non-test Go files under root/dir (excludedDirs and
// testdata aside), relative to root and in lexical order. pkg, if not
// empty, keeps only the packages whose directory contains it.
func sourceFiles(root, dir, pkg string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if excludedDirs[rel] || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") && strings.Contains(filepath.ToSlash(filepath.Dir(rel)), pkg) {
			files = append(files, rel)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

// SelectOps keeps the mutants of the operator classes named in list
// (comma-separated, from Ops); an empty list keeps all. It names the first
// unknown class.
func SelectOps(ms []Mutant, list string) ([]Mutant, error) {
	if list == "" {
		return ms, nil
	}
	want := map[string]bool{}
	for _, op := range strings.Split(list, ",") {
		if !slices.Contains(Ops, op) {
			return nil, fmt.Errorf("unknown operator class %q in -ops (known: %s)", op, strings.Join(Ops, ", "))
		}
		want[op] = true
	}
	var out []Mutant
	for _, m := range ms {
		if want[m.Op] {
			out = append(out, m)
		}
	}
	return out, nil
}

// matching keeps the mutants whose ID the regexp pattern matches.
func matching(ms []Mutant, pattern string) ([]Mutant, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, fmt.Errorf("-match: %v", err)
	}
	var out []Mutant
	for _, m := range ms {
		if re.MatchString(m.ID()) {
			out = append(out, m)
		}
	}
	return out, nil
}

// Package is the directory of the mutant's file: the unit the report counts by.
func (m Mutant) Package() string { return filepath.ToSlash(filepath.Dir(m.File)) }
