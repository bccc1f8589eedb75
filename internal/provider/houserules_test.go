package provider_test

// The house rules of docs/CONTRIBUTING.md that a reviewer would otherwise
// check by hand, over the source of every provider package:
//
//   - a resource, data source, ephemeral resource, list resource or action
//     has no Metadata or Configure of its own: it embeds the framework's base
//     (framework.ResourceBase and its siblings), so the provider's own are
//     the only ones of its package;
//   - a diagnostic never carries an error's raw text (err.Error()): a client
//     error goes through framework.ErrorDetail, any other error gets a message
//     that names the field and the rule.
//
// Each provider is a subtest (TestOwnMetadataAndConfigure/netfab), so that
// one provider can be checked on its own.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// providerImport is the package of the provider's own Metadata and
// Configure (provider.MetadataRequest, provider.ConfigureRequest).
const providerImport = "github.com/hashicorp/terraform-plugin-framework/provider"

// ownMethodsAllowed are the types, other than a provider, that may keep a
// Metadata or Configure of their own: "<package>.<type>.<method>".
var ownMethodsAllowed = []string{
	// One data source per entry of a table, each named from its entry.
	"fwmgr.showDataSource.Metadata",
}

// providerPackages are the provider packages: the directories under
// internal/provider. The test fails when one of the four is missing, so that
// a rename does not pass unnoticed.
func providerPackages(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, e := range entries {
		if e.IsDir() {
			pkgs = append(pkgs, e.Name())
		}
	}
	for _, want := range []string{"cloudnative", "fwmgr", "netfab", "orch"} {
		if !slices.Contains(pkgs, want) {
			t.Fatalf("internal/provider/%s is missing; the house rules cover it", want)
		}
	}
	return pkgs
}

// sourceFiles parses the non-test Go files of dir (and, with recursive, of
// the directories under it).
func sourceFiles(t *testing.T, fset *token.FileSet, dir string, recursive bool) []*ast.File {
	t.Helper()
	var files []*ast.File
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && (!recursive || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no Go files in %s", dir)
	}
	return files
}

// receiverType is the name of a method's receiver type, without pointer
// and type parameters.
func receiverType(fn *ast.FuncDecl) string {
	e := fn.Recv.List[0].Type
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return "?"
		}
	}
}

// importPath is the path of the package that name refers to in f.
func importPath(f *ast.File, name string) string {
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		local := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			local = imp.Name.Name
		}
		if local == name {
			return p
		}
	}
	return ""
}

// isProviderMethod reports whether fn is a provider's Metadata or Configure:
// its request parameter is of the framework's provider package.
func isProviderMethod(f *ast.File, fn *ast.FuncDecl) bool {
	params := fn.Type.Params.List
	if len(params) < 2 {
		return false
	}
	sel, ok := params[1].Type.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && importPath(f, pkg.Name) == providerImport
}

func TestOwnMetadataAndConfigure(t *testing.T) {
	for _, pkg := range providerPackages(t) {
		t.Run(pkg, func(t *testing.T) {
			fset := token.NewFileSet()
			var offenders []string
			own := map[string]int{}
			// With the packages under it (orch/hub, orch/shared): a resource
			// moved into a sub-package keeps the rule.
			for _, f := range sourceFiles(t, fset, pkg, true) {
				for _, d := range f.Decls {
					fn, ok := d.(*ast.FuncDecl)
					if !ok || fn.Recv == nil || len(fn.Recv.List) == 0 {
						continue
					}
					method := fn.Name.Name
					if method != "Metadata" && method != "Configure" {
						continue
					}
					if isProviderMethod(f, fn) {
						own[method]++
						continue
					}
					typ := receiverType(fn)
					if slices.Contains(ownMethodsAllowed, pkg+"."+typ+"."+method) {
						continue
					}
					offenders = append(offenders, fset.Position(fn.Pos()).String()+": "+typ+"."+method)
				}
			}
			if len(offenders) > 0 {
				t.Errorf("%s: a Metadata or Configure of a type other than the provider (%d): embed "+
					"framework.ResourceBase (DataSourceBase, EphemeralResourceBase, ActionBase) instead "+
					"(docs/CONTRIBUTING.md):\n%s", pkg, len(offenders), strings.Join(offenders, "\n"))
			}
			for _, method := range []string{"Metadata", "Configure"} {
				if own[method] != 1 {
					t.Errorf("%s has %d provider %s methods, want exactly one (the provider's own)", pkg, own[method], method)
				}
			}
		})
	}
}

// diagnosticMethods are the methods of diag.Diagnostics that add a
// diagnostic; diagnosticFuncs the functions of package diag that make one.
var (
	diagnosticMethods = []string{"AddError", "AddAttributeError", "AddWarning", "AddAttributeWarning"}
	diagnosticFuncs   = []string{"NewErrorDiagnostic", "NewWarningDiagnostic", "NewAttributeErrorDiagnostic", "NewAttributeWarningDiagnostic"}
)

const diagImport = "github.com/hashicorp/terraform-plugin-framework/diag"

// isDiagnostic reports whether call adds or makes a diagnostic.
func isDiagnostic(f *ast.File, call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if pkg, ok := sel.X.(*ast.Ident); ok && importPath(f, pkg.Name) == diagImport {
		return slices.Contains(diagnosticFuncs, sel.Sel.Name)
	}
	return slices.Contains(diagnosticMethods, sel.Sel.Name)
}

// rawErrorText finds the calls x.Error() (no arguments: an error's text) in
// e, other than in a function literal.
func rawErrorText(e ast.Expr) []*ast.CallExpr {
	var found []*ast.CallExpr
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" && len(x.Args) == 0 {
				found = append(found, x)
			}
		}
		return true
	})
	return found
}

func TestNoRawErrorTextInDiagnostics(t *testing.T) {
	for _, pkg := range providerPackages(t) {
		t.Run(pkg, func(t *testing.T) {
			fset := token.NewFileSet()
			var offenders []string
			for _, f := range sourceFiles(t, fset, pkg, true) {
				ast.Inspect(f, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok || !isDiagnostic(f, call) {
						return true
					}
					for _, arg := range call.Args {
						for _, raw := range rawErrorText(arg) {
							offenders = append(offenders, fset.Position(raw.Pos()).String())
						}
					}
					return true
				})
			}
			if len(offenders) > 0 {
				t.Errorf("%s: diagnostics that carry an error's raw text, .Error() (%d): a client error goes through "+
					"framework.ErrorDetail(err), any other error gets a message that names the field and the rule "+
					"(docs/CONTRIBUTING.md):\n%s", pkg, len(offenders), strings.Join(offenders, "\n"))
			}
		})
	}
}
