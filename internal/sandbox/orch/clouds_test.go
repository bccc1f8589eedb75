package orch_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

const kubeconfig = `apiVersion: v1
kind: Config
clusters:
- cluster:
    server: https://10.0.0.1:16443
  name: k8s
users:
- name: admin
contexts: []
`

func TestSeededClouds(t *testing.T) {
	e := start(t, orchtest.Options{})
	clouds := items(e.must(http.StatusOK, http.MethodGet, "/v1/clouds", ""))
	require.Len(t, clouds, 3)
	// aws with eu-west-1, which upstream's configurations name.
	aws := e.must(http.StatusOK, http.MethodGet, "/v1/clouds/aws", "")
	assert.Equal(t, "ec2", aws["type"])
	assert.Equal(t, "eu-west-1", str(aws, "regions.1.name"))
	lxd := e.must(http.StatusOK, http.MethodGet, "/v1/clouds/localhost", "")
	assert.Equal(t, "lxd", lxd["type"])
	assert.Equal(t, []string{"certificate", "interactive"}, strs(lxd, "authTypes"))
	assert.Equal(t, "localhost", str(lxd, "regions.0.name"))
	assert.Equal(t, true, lxd["builtin"])
	k8s := e.must(http.StatusOK, http.MethodGet, "/v1/clouds/microk8s", "")
	assert.Equal(t, "kubernetes", k8s["type"])
	assert.Equal(t, "microk8s", str(k8s, "kubernetes.credential"))
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, "/v1/clouds/localhost", "", "built in")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/clouds/nope", "")
}

func TestCloudRules(t *testing.T) {
	e := start(t, orchtest.Options{})
	e.fails(http.StatusBadRequest, "bad-request", "type", http.MethodPost, "/v1/clouds", `{"name": "c", "type": "vmware", "authTypes": ["userpass"]}`, "not a cloud type")
	e.fails(http.StatusBadRequest, "bad-request", "authTypes[0]", http.MethodPost, "/v1/clouds", `{"name": "c", "type": "lxd", "authTypes": ["userpass"]}`, "not an auth type of lxd clouds")
	e.fails(http.StatusBadRequest, "bad-request", "authTypes", http.MethodPost, "/v1/clouds", `{"name": "c", "type": "openstack", "authTypes": []}`)
	e.fails(http.StatusBadRequest, "bad-request", "authTypes[1]", http.MethodPost, "/v1/clouds", `{"name": "c", "type": "openstack", "authTypes": ["userpass", "userpass"]}`, "twice")
	e.fails(http.StatusBadRequest, "bad-request", "endpoint", http.MethodPost, "/v1/clouds", `{"name": "c", "type": "openstack", "authTypes": ["userpass"], "endpoint": "ftp://x"}`)
	e.fails(http.StatusBadRequest, "bad-request", "regions[1].name", http.MethodPost, "/v1/clouds", `{"name": "c", "type": "openstack", "authTypes": ["userpass"], "regions": [{"name": "r"}, {"name": "r"}]}`, "twice")
	e.fails(http.StatusBadRequest, "bad-request", "caCertificates[0]", http.MethodPost, "/v1/clouds", `{"name": "c", "type": "openstack", "authTypes": ["userpass"], "caCertificates": ["not pem"]}`)
	e.fails(http.StatusBadRequest, "bad-request", "kubernetes", http.MethodPost, "/v1/clouds", `{"name": "c", "type": "kubernetes", "authTypes": ["clientcertificate"]}`, "required")
	e.fails(http.StatusBadRequest, "bad-request", "kubernetes", http.MethodPost, "/v1/clouds", `{"name": "c", "type": "lxd", "authTypes": ["certificate"], "kubernetes": {}}`)
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, "/v1/clouds", `{"name": "localhost", "type": "lxd", "authTypes": ["certificate"]}`)

	cl := e.must(http.StatusCreated, http.MethodPost, "/v1/clouds", `{"name": "openstack-1", "type": "openstack", "authTypes": ["userpass", "access-key"],
		"endpoint": "https://keystone.example:5000/v3", "regions": [{"name": "RegionOne"}, {"name": "RegionTwo", "endpoint": "https://two.example"}]}`)
	assert.Equal(t, "RegionOne", str(cl, "regions.0.name"))
	// Without regions a cloud gets "default".
	cl = e.must(http.StatusCreated, http.MethodPost, "/v1/clouds", `{"name": "maas-1", "type": "maas", "authTypes": ["oauth1"], "endpoint": "http://maas.example/MAAS"}`)
	assert.Equal(t, "default", str(cl, "regions.0.name"))

	// Updates change the mutable fields; a region in use cannot go.
	cl = e.must(http.StatusOK, http.MethodPut, "/v1/clouds/openstack-1", `{"authTypes": ["userpass"], "regions": [{"name": "RegionOne"}]}`)
	assert.Equal(t, []string{"userpass"}, strs(cl, "authTypes"))

	// A kubernetes cloud from a cluster config gets its endpoint and a
	// credential of the caller.
	k := e.must(http.StatusCreated, http.MethodPost, "/v1/clouds", `{"name": "k8s-1", "type": "kubernetes", "kubernetes": {"config": `+quote(kubeconfig)+`, "parentCloudName": "localhost", "parentCloudRegion": "localhost", "storageClassName": "fast"}}`)
	assert.Equal(t, "https://10.0.0.1:16443", k["endpoint"])
	assert.Equal(t, []string{"clientcertificate"}, strs(k, "authTypes"))
	assert.Equal(t, "k8s-1", str(k, "kubernetes.credential"))
	assert.Equal(t, "fast", str(k, "kubernetes.storageClassName"))
	cred := e.must(http.StatusOK, http.MethodGet, "/v1/clouds/k8s-1/credentials/admin/k8s-1", "")
	assert.Equal(t, "clientcertificate", cred["authType"])
	e.fails(http.StatusBadRequest, "bad-request", "kubernetes.config", http.MethodPost, "/v1/clouds", `{"name": "k8s-2", "type": "kubernetes", "kubernetes": {"config": "hello: world"}}`, "no clusters")
	e.fails(http.StatusNotFound, "not-found", "kubernetes.parentCloudRegion", http.MethodPost, "/v1/clouds", `{"name": "k8s-2", "type": "kubernetes", "kubernetes": {"parentCloudName": "localhost", "parentCloudRegion": "mars"}}`)

	// A model on a cloud blocks its removal; models of a caas cloud are caas.
	uuid := str(e.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "on-k8s", "cloud": "k8s-1"}`), "uuid")
	m := e.must(http.StatusOK, http.MethodGet, "/v1/models/"+uuid, "")
	assert.Equal(t, "caas", m["type"])
	assert.Equal(t, "k8s-1/admin/k8s-1", m["credential"])
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, "/v1/clouds/k8s-1", "", "on-k8s")
	e.must(http.StatusAccepted, http.MethodDelete, "/v1/models/"+uuid, "")
	e.must(http.StatusNoContent, http.MethodDelete, "/v1/clouds/k8s-1", "")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodGet, "/v1/clouds/k8s-1/credentials/admin/k8s-1", "")
}

func TestCredentialRules(t *testing.T) {
	e := start(t, orchtest.Options{})
	const path = "/v1/clouds/localhost/credentials"
	e.fails(http.StatusBadRequest, "bad-request", "authType", http.MethodPost, path, `{"name": "c1", "authType": "userpass", "attributes": {"username": "u", "password": "p"}}`, "not an auth type of cloud")
	// An lxd cloud's credentials take the attributes of its auth types as
	// upstream's controller does: a certificate credential with none of them
	// (the client certificate comes from the local LXD), or with a trust
	// token; a key of no auth type of the cloud is refused.
	e.must(http.StatusCreated, http.MethodPost, path, `{"name": "bare", "authType": "certificate"}`)
	e.must(http.StatusCreated, http.MethodPost, path, `{"name": "tokened", "authType": "certificate", "attributes": {"token": "123abc"}}`)
	e.fails(http.StatusBadRequest, "bad-request", "attributes.nope", http.MethodPost, path, `{"name": "c1", "authType": "certificate", "attributes": {"client-cert": "pem", "client-key": "pem", "nope": "x"}}`, "client-cert, client-key, server-cert, token, trust-password")
	e.fails(http.StatusNotFound, "not-found", "", http.MethodPost, "/v1/clouds/nope/credentials", `{"name": "c1", "authType": "certificate"}`)

	cr := e.must(http.StatusCreated, http.MethodPost, path, `{"name": "c1", "authType": "certificate", "attributes": {"client-cert": "cert", "client-key": "key", "trust-password": "tp"}}`)
	assert.Equal(t, "admin", cr["owner"])
	assert.Equal(t, "tp", str(cr, "attributes.trust-password"))
	e.fails(http.StatusConflict, "already-exists", "name", http.MethodPost, path, `{"name": "c1", "authType": "interactive"}`)
	e.must(http.StatusCreated, http.MethodPost, path, `{"name": "c2", "authType": "interactive"}`)
	cr = e.must(http.StatusOK, http.MethodPut, path+"/admin/c2", `{"authType": "interactive", "attributes": {"trust-password": "x"}}`)
	assert.Equal(t, "x", str(cr, "attributes.trust-password"))

	// Another user's credentials are theirs.
	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "dave", "password": "dave-password"}`)
	dave := e.as("dave", "dave-password")
	// ... answered as credentials that do not exist, so that none leaks.
	hidden := dave.fails(http.StatusNotFound, "not-found", "", http.MethodGet, path+"/admin/c1", "")
	missing := dave.fails(http.StatusNotFound, "not-found", "", http.MethodGet, path+"/admin/no-such", "")
	assert.Equal(t, strings.Replace(missing["message"].(string), "no-such", "c1", 1), hidden["message"])
	dave.fails(http.StatusForbidden, "forbidden", "", http.MethodPost, path, `{"name": "x", "owner": "admin", "authType": "interactive"}`)
	dave.must(http.StatusCreated, http.MethodPost, path, `{"name": "mine", "authType": "interactive"}`)
	assert.Len(t, items(dave.must(http.StatusOK, http.MethodGet, path, "")), 1)

	// A model names its credential; one in use cannot be removed.
	uuid := str(e.must(http.StatusCreated, http.MethodPost, "/v1/models", `{"name": "m", "credential": "c1"}`), "uuid")
	cr = e.must(http.StatusOK, http.MethodGet, path+"/admin/c1", "")
	assert.Equal(t, []string{uuid}, strs(cr, "models"))
	e.fails(http.StatusConflict, "removal-blocked", "", http.MethodDelete, path+"/admin/c1", "", "used by 1 model")
	e.fails(http.StatusNotFound, "not-found", "credential", http.MethodPost, "/v1/models", `{"name": "m2", "credential": "nope"}`)
	e.must(http.StatusNoContent, http.MethodDelete, path+"/admin/c2", "")
}
