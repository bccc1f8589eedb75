package reliability

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	migapi "github.com/iacsuite/providers/internal/api/migration"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/client/migration"
	"github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/httpclient"
)

// The service's own state, read through its API with the typed clients
// (which retry the injected faults), as counts of objects per name. Only
// objects whose name starts with the scenario's prefix count, so that the
// sandbox's seeded objects do not.

const (
	relProject  = "reliability"
	relLocation = "us-central1"
)

// objects counts live objects by kind and name: "port/<name>",
// "mcr/<name>", "vxc/<name>", "mve/<name>", "prefix-list/<mcr name>/<description>", "job/<id>",
// "model/<name>", "machine/<model>/<annotation rel>".
type objects map[string]int

func (s *relSandbox) transport(t *testing.T) http.RoundTripper {
	t.Helper()
	pem, err := os.ReadFile(s.caFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	return &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}
}

// listObjects reads what the services hold under prefix.
func (s *relSandbox) listObjects(t *testing.T, prefix string) objects {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	opts := httpclient.Options{Transport: s.transport(t), RetryMax: 10, RetryWaitMin: 50 * time.Millisecond, RetryWaitMax: time.Second}
	out := objects{}

	nf, err := netfab.New(netfab.Config{BaseURL: s.urls["netfab"], AccessKey: "sandbox-access-key", SecretKey: "sandbox-secret-key", HTTP: opts})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{netfabapi.ProductTypePort: "port", netfabapi.ProductTypeMCR: "mcr",
		netfabapi.ProductTypeVXC: "vxc", netfabapi.ProductTypeMVE: "mve"}
	for typ, kind := range kinds {
		ps, err := nf.Products(ctx, typ)
		if err != nil {
			t.Fatalf("listing netfab %s: %v", typ, err)
		}
		for _, p := range ps {
			if !strings.HasPrefix(p.ProductName, prefix) || p.ProvisioningStatus == netfabapi.StatusCancelled || p.ProvisioningStatus == netfabapi.StatusDecommissioned {
				continue
			}
			if typ == netfabapi.ProductTypeMCR {
				lists, err := nf.MCRPrefixFilterLists(ctx, p.ProductUID)
				if err != nil {
					t.Fatalf("listing prefix lists: %v", err)
				}
				for _, l := range lists {
					out["prefix-list/"+p.ProductName+"/"+l.Description]++
				}
			}
			out[kind+"/"+p.ProductName]++
		}
	}

	mc, err := migration.New(migration.Config{Endpoint: s.urls["migration"], AccessToken: "sandbox-migration-token", HTTP: opts})
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := mc.ListImportJobs(ctx, migapi.LocationName(relProject, relLocation))
	if err != nil {
		t.Fatalf("listing import jobs: %v", err)
	}
	for _, j := range jobs {
		id := j.Name[strings.LastIndex(j.Name, "/")+1:]
		if !strings.HasPrefix(id, prefix) {
			continue
		}
		out["job/"+id]++
		files, err := mc.ListImportDataFiles(ctx, j.Name)
		if err != nil {
			t.Fatalf("listing data files: %v", err)
		}
		for _, f := range files {
			out["file/"+id+"/"+f.Name[strings.LastIndex(f.Name, "/")+1:]]++
		}
	}

	pem, err := os.ReadFile(s.caFile)
	if err != nil {
		t.Fatal(err)
	}
	oc, err := orch.New(orch.Config{Addresses: []string{strings.TrimPrefix(s.urls["orch"], "https://")}, Username: "admin",
		Password: orchPassword, CACertificate: string(pem), HTTP: httpclient.Options{RetryMax: 10, RetryWaitMin: 50 * time.Millisecond, RetryWaitMax: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	models, err := oc.Models(ctx, "", "")
	if err != nil {
		t.Fatalf("listing models: %v", err)
	}
	for _, m := range models {
		if !strings.HasPrefix(m.Name, prefix) || m.Life != orchapi.LifeAlive {
			continue
		}
		out["model/"+m.Name]++
		machines, err := oc.Machines(ctx, m.UUID)
		if err != nil {
			t.Fatalf("listing machines: %v", err)
		}
		for _, mach := range machines {
			if mach.Life == orchapi.LifeAlive {
				out["machine/"+m.Name+"/"+mach.Annotations["rel"]]++
			}
		}
	}
	return out
}

// compare counts the duplicates (objects beyond the first of a declared
// name, and undeclared objects) and the lost (declared, absent).
func compare(want []string, got objects) (checked, duplicates, lost int, diff []string) {
	declared := map[string]bool{}
	for _, w := range want {
		declared[w] = true
		checked++
		switch n := got[w]; {
		case n == 0:
			lost++
			diff = append(diff, "missing "+w)
		case n > 1:
			duplicates += n - 1
			diff = append(diff, "duplicated "+w)
		}
	}
	for k, n := range got {
		if !declared[k] {
			duplicates += n
			diff = append(diff, "undeclared "+k)
		}
	}
	return checked, duplicates, lost, diff
}
