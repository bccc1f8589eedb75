package idcatalog

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The acceptance tests of issue 23, read from the test files of each
// provider package: every resource has an identity case
// (acctest.IdentityCase, run by acctest.TestIdentity: an import block with
// the identity, ImportBlockWithResourceIdentity, statecheck.ExpectIdentity,
// malformed, missing and absent identities); every list resource has a
// query-mode test (acctest.ListBlock, with include_resource = true in one
// block, and each filter of its config set in one block) and a
// `-generate-config-out` round trip (a workflowtest.QueryCase, run by
// workflowtest.TestQueries).
func TestAcceptanceCoverage(t *testing.T) {
	c, err := Build(context.Background(), Providers)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range c.Providers {
		if len(p.Resources) == 0 {
			continue
		}
		tests := readTests(t, filepath.Join("..", "provider", p.Name))
		if !tests.calls["acctest.TestIdentity"] {
			t.Errorf("%s: no test calls acctest.TestIdentity", p.Name)
		}
		if !tests.calls["workflowtest.TestQueries"] {
			t.Errorf("%s: no test calls workflowtest.TestQueries", p.Name)
		}
		for _, r := range p.Resources {
			if r.Command != "" {
				continue
			}
			if !tests.identityCases[r.Type] {
				t.Errorf("%s has no identity-import acceptance test: add an acctest.IdentityCase to TestAccIdentity of internal/provider/%s", r.Type, p.Name)
			}
			if !r.Listed {
				continue
			}
			if !tests.queryCases[r.Type] {
				t.Errorf("%s has no -generate-config-out round trip: add a workflowtest.QueryCase to TestAccQueryGeneratedConfig of internal/provider/%s", r.Type, p.Name)
			}
			blocks := tests.listBlocks[r.Type]
			if len(blocks) == 0 {
				t.Errorf("%s has no query-mode acceptance test (acctest.ListBlock with querycheck)", r.Type)
				continue
			}
			included := false
			for _, b := range blocks {
				included = included || b.includeResource
			}
			if !included {
				t.Errorf("%s: no query-mode test lists it with include_resource = true", r.Type)
			}
			for _, f := range r.Filters {
				set := regexp.MustCompile(`(^|[\s{,])` + f.Name + `\s*=`)
				found := false
				for _, b := range blocks {
					found = found || set.MatchString(b.config)
				}
				if !found {
					t.Errorf("%s: no query-mode test sets its filter %s", r.Type, f.Name)
				}
			}
		}
	}
}

// The reader of the test files finds what it looks for, and only that.
func TestReadTests(t *testing.T) {
	dir := t.TempDir()
	src := `package p

func TestAccIdentity(t *testing.T) {
	cases := map[string]acctest.IdentityCase{"p_a": {}, "p_b": shared}
	cases["p_c"] = acctest.IdentityCase{}
	other := map[string]string{"p_d": "x"}
	acctest.TestIdentity(t, nil, cases)
}

func queryCases() map[string]workflowtest.QueryCase {
	return map[string]workflowtest.QueryCase{"p_a": {}}
}

var perHub = map[string]func(t *testing.T) workflowtest.QueryCase{"p_g": nil}

func TestAccQuery(t *testing.T) {
	cases := queryCases()
	cases["p_b"] = workflowtest.QueryCase{}
	perHub["p_e"] = func(t *testing.T) workflowtest.QueryCase { return workflowtest.QueryCase{} }
	notACase["p_f"] = func(t *testing.T) string { return "" }
	workflowtest.TestQueries(t, p, cases)
	byName := fmt.Sprintf("name = %q", n)
	_ = acctest.ListBlock("p_a", "x", true, byName + "\nstatus = " + s) + acctest.ListBlock("p_b", "y", false, ` + "`" + `model_uuid = "` + "`" + ` + m)
	_ = acctest.ListBlock(typ, "z", true, "")
}

func TestAccConst(t *testing.T) {
	const typ = "p_c"
	block := func(name string, include bool, config string) string {
		return acctest.ListBlock("p_w", name, include, config)
	}
	_ = block("x", true, "uuid = \"u\"")
	_ = acctest.ListBlock(typ, "all", true, "")
	for _, other := range []string{"p_x"} {
		_ = acctest.ListBlock(other, "bad", false, "")
	}
}
`
	if err := os.WriteFile(filepath.Join(dir, "p_test.go"), []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	got := readTests(t, dir)
	if want := []string{"p_a", "p_b", "p_c"}; !equal(keys(got.identityCases), want) {
		t.Errorf("identity cases %v, want %v", keys(got.identityCases), want)
	}
	if want := []string{"p_a", "p_b", "p_e", "p_g"}; !equal(keys(got.queryCases), want) {
		t.Errorf("query cases %v, want %v", keys(got.queryCases), want)
	}
	if b := got.listBlocks["p_a"]; len(b) != 1 || !b[0].includeResource || b[0].config != "name = %q\n\nstatus = " {
		t.Errorf("list blocks of p_a: %+v", b)
	}
	if b := got.listBlocks["p_b"]; len(b) != 1 || b[0].includeResource || b[0].config != `model_uuid = "` {
		t.Errorf("list blocks of p_b: %+v", b)
	}
	if b := got.listBlocks["p_c"]; len(b) != 1 || !b[0].includeResource {
		t.Errorf("list blocks of p_c: %+v", b)
	}
	if b := got.listBlocks["p_w"]; len(b) != 1 || !b[0].includeResource || b[0].config != `uuid = "u"` {
		t.Errorf("list blocks of p_w: %+v", b)
	}
	if len(got.listBlocks) != 4 || !got.calls["acctest.TestIdentity"] || !got.calls["workflowtest.TestQueries"] {
		t.Errorf("read %+v", got)
	}
}

// listBlock is a call acctest.ListBlock("<type>", name, include, config)
// of a test file: whether include_resource is the literal true, and the
// string literals of its config, joined.
type listBlock struct {
	includeResource bool
	config          string
}

// testFiles is what readTests found in the test files of a package.
type testFiles struct {
	// identityCases are the keys of map[string]acctest.IdentityCase
	// literals and of assignments of acctest.IdentityCase literals to a
	// map.
	identityCases map[string]bool
	// queryCases are the same of workflowtest.QueryCase, and of
	// functions that make one with the test's t.
	queryCases map[string]bool
	// listBlocks are the calls of acctest.ListBlock by type.
	listBlocks map[string][]listBlock
	// calls are the package-qualified functions called ("acctest.TestIdentity").
	calls map[string]bool
}

func readTests(t *testing.T, dir string) testFiles {
	t.Helper()
	out := testFiles{identityCases: map[string]bool{}, queryCases: map[string]bool{}, listBlocks: map[string][]listBlock{}, calls: map[string]bool{}}
	// The provider package's tests and those of its sub-packages: orch's
	// hub resources are tested in internal/provider/orch/hub.
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files in %s (%v)", dir, err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				m, ok := n.Type.(*ast.MapType)
				if !ok {
					return true
				}
				var into map[string]bool
				switch caseType(m.Value) {
				case "acctest.IdentityCase":
					into = out.identityCases
				case "workflowtest.QueryCase":
					into = out.queryCases
				default:
					return true
				}
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if k, ok := stringLit(kv.Key); ok {
							into[k] = true
						}
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					ix, ok := lhs.(*ast.IndexExpr)
					if !ok || i >= len(n.Rhs) {
						continue
					}
					k, ok := stringLit(ix.Index)
					if !ok {
						continue
					}
					switch valueCaseType(n.Rhs[i]) {
					case "acctest.IdentityCase":
						out.identityCases[k] = true
					case "workflowtest.QueryCase":
						out.queryCases[k] = true
					}
				}
			case *ast.FuncDecl:
				if n.Body != nil {
					readListBlocks(n.Body, out)
				}
			}
			return true
		})
	}
	return out
}

// readListBlocks records the calls of functions of body, and its calls of
// acctest.ListBlock with a literal type; the config's string literals are
// those of the argument and of the variables it names that body assigns
// (byName := fmt.Sprintf("product_name = %q", name)).
func readListBlocks(body *ast.BlockStmt, out testFiles) {
	bound := map[string][]ast.Expr{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, lhs := range n.Lhs {
					if id, ok := lhs.(*ast.Ident); ok {
						bound[id.Name] = append(bound[id.Name], n.Rhs[i])
					}
				}
			}
		case *ast.ValueSpec: // const typ = "orch_hub_access_controller"
			if len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					bound[id.Name] = append(bound[id.Name], n.Values[i])
				}
			}
		}
		return true
	})
	// A local wrapper block := func(name string, include bool, config
	// string) string { return acctest.ListBlock("<type>", name, include,
	// config) }: its calls are list blocks of the type.
	wrappers := map[string]*ast.FuncLit{}
	for name, b := range bound {
		if f, ok := b[0].(*ast.FuncLit); ok && len(b) == 1 {
			wrappers[name] = f
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if f, ok := n.(*ast.FuncLit); ok {
			for _, w := range wrappers {
				if w == f {
					return false // its calls are counted where it is called
				}
			}
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if id, isIdent := call.Fun.(*ast.Ident); isIdent && wrappers[id.Name] != nil {
			call = unwrap(wrappers[id.Name], call)
			if call == nil {
				return true
			}
		}
		fn := selector(call.Fun)
		if fn == "" {
			return true
		}
		out.calls[fn] = true
		if fn != "acctest.ListBlock" || len(call.Args) != 4 {
			return true
		}
		typ, ok := stringLit(call.Args[0])
		if id, isIdent := call.Args[0].(*ast.Ident); isIdent && len(bound[id.Name]) == 1 {
			typ, ok = stringLit(bound[id.Name][0])
		}
		if !ok {
			return true
		}
		include, _ := call.Args[2].(*ast.Ident)
		out.listBlocks[typ] = append(out.listBlocks[typ], listBlock{
			includeResource: include != nil && include.Name == "true",
			config:          stringLits(call.Args[3], bound, 0),
		})
		return true
	})
}

// unwrap is the acctest.ListBlock call of the wrapper w that call makes,
// its parameters replaced by call's arguments; nil when w makes none.
func unwrap(w *ast.FuncLit, call *ast.CallExpr) *ast.CallExpr {
	params := map[string]ast.Expr{}
	i := 0
	for _, f := range w.Type.Params.List {
		for _, name := range f.Names {
			if i < len(call.Args) {
				params[name.Name] = call.Args[i]
			}
			i++
		}
	}
	var out *ast.CallExpr
	ast.Inspect(w.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || out != nil || selector(c.Fun) != "acctest.ListBlock" || len(c.Args) != 4 {
			return true
		}
		args := make([]ast.Expr, 4)
		for j, a := range c.Args {
			args[j] = a
			if id, ok := a.(*ast.Ident); ok && params[id.Name] != nil {
				args[j] = params[id.Name]
			}
		}
		out = &ast.CallExpr{Fun: c.Fun, Args: args}
		return false
	})
	return out
}

// caseType is the case type a map of cases holds: pkg.Name, or the
// result of func(...) pkg.Name (a case made with the test's t).
func caseType(e ast.Expr) string {
	if f, ok := e.(*ast.FuncType); ok {
		if f.Results == nil || len(f.Results.List) != 1 {
			return ""
		}
		return selector(f.Results.List[0].Type)
	}
	return selector(e)
}

// valueCaseType is the case type of a value assigned to a map of cases: a
// literal pkg.Name{...}, or a function literal that returns one.
func valueCaseType(e ast.Expr) string {
	switch v := e.(type) {
	case *ast.CompositeLit:
		return selector(v.Type)
	case *ast.FuncLit:
		return caseType(v.Type)
	}
	return ""
}

// selector is "pkg.Name" of an expression pkg.Name, else "".
func selector(e ast.Expr) string {
	s, ok := e.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	x, ok := s.X.(*ast.Ident)
	if !ok {
		return ""
	}
	return x.Name + "." + s.Sel.Name
}

func stringLit(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}

// stringLits joins the string literals of e (a config built as
// `model_uuid = "` + uuid + `"`, or by fmt.Sprintf), and of the
// expressions bound to the variables it names, a few levels deep.
func stringLits(e ast.Expr, bound map[string][]ast.Expr, depth int) string {
	var parts []string
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BasicLit:
			if s, ok := stringLit(x); ok {
				parts = append(parts, s)
			}
		case *ast.Ident:
			if depth < 3 {
				for _, b := range bound[x.Name] {
					parts = append(parts, stringLits(b, bound, depth+1))
				}
			}
		}
		return true
	})
	return strings.Join(parts, "\n")
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func equal(a, b []string) bool {
	return strings.Join(a, ",") == strings.Join(b, ",")
}
