package framework

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// providerDir is the tree of the providers' packages, from this package's
// directory (go test runs in it).
const providerDir = "../provider"

// TestNoResourceDeclaresItsOwnConfigureOrMetadata keeps the house rule that
// resources, data sources, list resources, ephemeral resources and actions
// embed a base of this package (ResourceBase and its siblings, ListResource)
// for Metadata and Configure: a type name and a client cast written by hand
// in each of them drift apart. Only each provider's own type, in its
// provider.go, declares them.
func TestNoResourceDeclaresItsOwnConfigureOrMetadata(t *testing.T) {
	var checked int
	var offenders []string
	err := filepath.WalkDir(providerDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		checked++
		offenders = append(offenders, ownConfigureOrMetadata(t, path)...)
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, checked, 50, "the walk reaches the providers' sources")
	assert.Empty(t, offenders, "embed framework.ResourceBase (or DataSourceBase, EphemeralResourceBase, ActionBase, ListResource) instead of declaring these methods")
}

// ownConfigureOrMetadata is the Configure and Metadata methods declared in
// the file at path, except the provider type's own in a provider's
// provider.go (internal/provider/<name>/provider.go, type <name>Provider).
func ownConfigureOrMetadata(t *testing.T, path string) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	require.NoError(t, err)
	rel, err := filepath.Rel(providerDir, path)
	require.NoError(t, err)
	var allowed string
	if dir, file := filepath.Split(rel); file == "provider.go" && strings.Count(filepath.ToSlash(dir), "/") == 1 {
		allowed = strings.TrimSuffix(filepath.ToSlash(dir), "/") + "Provider"
	}
	var out []string
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || (fn.Name.Name != "Configure" && fn.Name.Name != "Metadata") {
			continue
		}
		if recv := receiverType(fn.Recv.List[0].Type); recv != allowed {
			out = append(out, fset.Position(fn.Pos()).String()+": "+recv+"."+fn.Name.Name)
		}
	}
	return out
}

// receiverType is the name of a method's receiver type, without a pointer
// or type parameters.
func receiverType(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
