package layout

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// maxFuncLines is the longest a function may be outside the exemptions.
const maxFuncLines = 150

// sourceFile is one parsed non-test Go file of the module.
type sourceFile struct {
	rel  string // slash path from the module root, e.g. "search/search.go"
	file *ast.File
}

// moduleSources parses every non-test Go file of the module (testdata,
// node_modules and hidden directories skipped).
func moduleSources(t *testing.T) (*token.FileSet, []sourceFile) {
	t.Helper()
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	var out []sourceFile
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, sourceFile{filepath.ToSlash(rel), f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("found %d Go files under the module root: not the repository?", len(out))
	}
	return fset, out
}

// TestSearchImportsOnlyPosition: the search's files import the standard
// library and dualnnue/position only.
func TestSearchImportsOnlyPosition(t *testing.T) {
	_, files := moduleSources(t)
	n := 0
	for _, sf := range files {
		if filepath.Dir(sf.rel) != "search" {
			continue
		}
		n++
		for _, imp := range sf.file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(path, "/")
			if path != "dualnnue/position" && (first == "dualnnue" || strings.Contains(first, ".")) {
				t.Errorf("%s imports %s", sf.rel, path)
			}
		}
	}
	if n == 0 {
		t.Fatal("no search files found")
	}
}

// TestNoGameString: no struct field named Game has type string.
func TestNoGameString(t *testing.T) {
	fset, files := moduleSources(t)
	for _, sf := range files {
		ast.Inspect(sf.file, func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for _, f := range st.Fields.List {
				if id, ok := f.Type.(*ast.Ident); !ok || id.Name != "string" {
					continue
				}
				for _, name := range f.Names {
					if name.Name == "Game" {
						t.Errorf("%s:%d: field Game string (use position.Variant, or position.VariantName in TOML and JSON)", sf.rel, fset.Position(name.Pos()).Line)
					}
				}
			}
			return true
		})
	}
}

// exemptFromLength reports whether a long function may stay long: the
// search (its numbered steps read as one function, as in Stockfish), the
// move generators and the parsers (one function per grammar).
func exemptFromLength(rel, name string) bool {
	return filepath.Dir(rel) == "search" || strings.Contains(filepath.Base(rel), "movegen") ||
		strings.HasPrefix(strings.ToLower(name), "parse")
}

// TestFunctionLength: no function outside the exemptions is over
// maxFuncLines lines (from its signature to its closing brace).
func TestFunctionLength(t *testing.T) {
	fset, files := moduleSources(t)
	for _, sf := range files {
		for _, d := range sf.file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			if lines > maxFuncLines && !exemptFromLength(sf.rel, fd.Name.Name) {
				t.Errorf("%s:%d: %s is %d lines (at most %d outside the search, move generators and parsers: split it into named steps)",
					sf.rel, fset.Position(fd.Pos()).Line, funcName(fd), lines, maxFuncLines)
			}
		}
	}
}

// funcName is "Recv.Name" for a method, "Name" for a function.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return fmt.Sprintf("%s.%s", id.Name, fd.Name.Name)
	}
	return fd.Name.Name
}

// TestEveryPackageHasDocGo: every package directory has a doc.go that
// carries the package comment (the project's rule: one file to read for what
// a package is for; other files open with a one-line comment of their own).
func TestEveryPackageHasDocGo(t *testing.T) {
	_, files := moduleSources(t)
	dirs := map[string]bool{}
	for _, f := range files {
		dirs[filepath.ToSlash(filepath.Dir(f.rel))] = true
	}
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	for _, f := range files {
		d := filepath.ToSlash(filepath.Dir(f.rel))
		pf, err := parser.ParseFile(fset, filepath.Join(root, f.rel), nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		isDoc := filepath.Base(f.rel) == "doc.go"
		switch {
		case isDoc && pf.Doc == nil:
			t.Errorf("%s: no package comment", f.rel)
		case isDoc:
			dirs[d] = false // documented
		}
	}
	for d, missing := range dirs {
		if missing {
			t.Errorf("%s: no doc.go", d)
		}
	}
}
