// Command sdkgen generates the Go, TypeScript and Python SDKs of a bridged
// package from its schema.json, in process, with Pulumi's own code
// generators. (pulumi-tfgen-<p> go|nodejs|python would shell out to
// `pulumi package gen-sdk`, which needs language hosts that are not
// available here.)
//
//	sdkgen -schema netfab/schema.json -out sdk/netfab [-lang go,nodejs,python]
//
// Each language goes to <out>/<lang>; that directory is emptied first, so
// files of removed resources go away.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-tfgen"

func main() {
	schemaPath := flag.String("schema", "", "path of schema.json")
	out := flag.String("out", "", "output directory; each language goes to <out>/<lang>")
	langs := flag.String("lang", "go,nodejs,python", "comma-separated languages: go, nodejs, python")
	flag.Parse()
	if *schemaPath == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*schemaPath, *out, strings.Split(*langs, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "sdkgen:", err)
		os.Exit(1)
	}
}

func run(schemaPath, out string, langs []string) error {
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	pkg, diags, err := schema.BindSpec(spec, noExternalPackages{}, schema.ValidationOptions{})
	if err != nil {
		return fmt.Errorf("binding %s: %w", schemaPath, err)
	}
	if diags.HasErrors() {
		return fmt.Errorf("binding %s: %s", schemaPath, diags.Error())
	}
	for _, lang := range langs {
		files, err := generate(strings.TrimSpace(lang), pkg)
		if err != nil {
			return fmt.Errorf("%s SDK: %w", lang, err)
		}
		if err := write(filepath.Join(out, lang), files); err != nil {
			return err
		}
	}
	return nil
}

func generate(lang string, pkg *schema.Package) (map[string][]byte, error) {
	switch lang {
	case "go":
		return gogen.GeneratePackage(tool, pkg, nil)
	case "nodejs":
		return nodejsgen.GeneratePackage(tool, pkg, nil, nil, false, noExternalPackages{})
	case "python":
		return pythongen.GeneratePackage(tool, pkg, nil, noExternalPackages{})
	default:
		return nil, fmt.Errorf("unknown language %q", lang)
	}
}

// write replaces dir by exactly files.
func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// noExternalPackages is the schema loader of a package that references no
// other package: every load fails.
type noExternalPackages struct{}

var errExternal = errors.New("this package may not reference other packages")

func (noExternalPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("%s: %w", pkg, errExternal)
}

func (noExternalPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, fmt.Errorf("%s: %w", d.Name, errExternal)
}

func (noExternalPackages) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("%s: %w", pkg, errExternal)
}

func (noExternalPackages) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, fmt.Errorf("%s: %w", d.Name, errExternal)
}
