package orch

import (
	"crypto/x509"
	"encoding/pem"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

const (
	kindCloud      = "cloud"
	kindCredential = "credential"
	// DefaultCloud is the cloud of models that name none.
	DefaultCloud = "localhost"
)

var cloudNameRE = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*$`)

func credentialID(cloud, owner, name string) string { return cloud + "/" + owner + "/" + name }

// seedClouds adds the built-in clouds at the first start: the machine cloud
// localhost, the container-cluster cloud microk8s, with the credential
// microk8s of admin, and the public cloud aws.
func (s *server) seedClouds(tx *store.Tx) error {
	var existing api.Cloud
	if found, err := tx.Get(kindCloud, DefaultCloud, &existing); err != nil || found {
		return err
	}
	now := s.now()
	clouds := []api.Cloud{
		{Name: DefaultCloud, Type: api.CloudTypeLXD, AuthTypes: []string{"certificate", "interactive"}, Endpoint: "https://127.0.0.1:8443",
			Regions: []api.Region{{Name: "localhost"}}, Builtin: true, CreatedAt: now},
		{Name: "microk8s", Type: api.CloudTypeKubernetes, AuthTypes: []string{"clientcertificate"}, Endpoint: "https://127.0.0.1:16443",
			Regions: []api.Region{{Name: "localhost"}}, Builtin: true, CreatedAt: now,
			Kubernetes: &api.KubernetesCloud{StorageClassName: "microk8s-hostpath", Credential: "microk8s"}},
		// A public cloud as upstream's configurations name it (aws,
		// region eu-west-1); it has no credential until one is added.
		{Name: "aws", Type: api.CloudTypeEC2, AuthTypes: []string{"access-key", "instance-role"}, Endpoint: "https://ec2.us-east-1.amazonaws.com",
			Regions: []api.Region{{Name: "us-east-1", Endpoint: "https://ec2.us-east-1.amazonaws.com"},
				{Name: "eu-west-1", Endpoint: "https://ec2.eu-west-1.amazonaws.com"}}, Builtin: true, CreatedAt: now},
	}
	for _, cl := range clouds {
		if err := tx.Put(kindCloud, cl.Name, "", cl); err != nil {
			return err
		}
	}
	cred := api.Credential{Name: "microk8s", Cloud: "microk8s", Owner: AdminUser, AuthType: "clientcertificate",
		Attributes: map[string]string{"ClientCertificateData": sandboxPEM("CERTIFICATE"), "ClientKeyData": sandboxPEM("PRIVATE KEY")}, CreatedAt: now}
	if err := tx.Put(kindCredential, credentialID(cred.Cloud, cred.Owner, cred.Name), cred.Cloud, cred); err != nil {
		return err
	}
	lxd := api.Credential{Name: "localhost", Cloud: DefaultCloud, Owner: AdminUser, AuthType: "certificate",
		Attributes: map[string]string{"client-cert": sandboxPEM("CERTIFICATE"), "client-key": sandboxPEM("PRIVATE KEY")}, CreatedAt: now}
	return tx.Put(kindCredential, credentialID(lxd.Cloud, lxd.Owner, lxd.Name), lxd.Cloud, lxd)
}

// sandboxPEM is a placeholder block standing for key material the sandbox
// never uses; it is not a usable key.
func sandboxPEM(typ string) string {
	return string(pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: []byte("orch sandbox")}))
}

func (s *server) loadCloud(tx *store.Tx, name string) (*api.Cloud, error) {
	var cl api.Cloud
	found, err := tx.Get(kindCloud, name, &cl)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("cloud %q not found", name)
	}
	return &cl, nil
}

// cloudView hides CA certificates from callers that are not superusers.
func cloudView(r *http.Request, cl api.Cloud) api.Cloud {
	if !superuser(r) {
		cl.CACertificates = nil
	}
	return cl
}

func (s *server) listClouds(w http.ResponseWriter, r *http.Request) error {
	var out api.List[api.Cloud]
	err := s.tx(r, func(tx *store.Tx) (err error) {
		out, err = listPage(tx, r, kindCloud, "", func(cl *api.Cloud) (api.Cloud, bool, error) {
			return cloudView(r, *cl), true, nil
		})
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (s *server) getCloud(w http.ResponseWriter, r *http.Request) error {
	var cl *api.Cloud
	err := s.tx(r, func(tx *store.Tx) (err error) {
		cl, err = s.loadCloud(tx, r.PathValue("name"))
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, cloudView(r, *cl))
	return nil
}

// checkCloudSpec checks what creation and update share.
func checkCloudSpec(typ string, authTypes []string, endpoints map[string]string, regions []api.Region, caCerts []string) error {
	allowed := api.AuthTypes[typ]
	if len(authTypes) == 0 {
		return badRequest("authTypes", "at least one auth type is required; a %s cloud supports %s", typ, strings.Join(allowed, ", "))
	}
	seen := map[string]bool{}
	for i, at := range authTypes {
		if !slices.Contains(allowed, at) {
			return badRequest(fieldIndex("authTypes", i), "%q is not an auth type of %s clouds (%s)", at, typ, strings.Join(allowed, ", "))
		}
		if seen[at] {
			return badRequest(fieldIndex("authTypes", i), "%q is listed twice", at)
		}
		seen[at] = true
	}
	for field, ep := range endpoints {
		if err := checkEndpoint(typ, field, ep); err != nil {
			return err
		}
	}
	names := map[string]bool{}
	for i, r := range regions {
		f := fieldIndex("regions", i)
		if r.Name == "" {
			return badRequest(f+".name", "required")
		}
		if !cloudNameRE.MatchString(r.Name) || len(r.Name) > 64 {
			return badRequest(f+".name", "%q is not a valid region name", r.Name)
		}
		if names[r.Name] {
			return badRequest(f+".name", "region %q is listed twice", r.Name)
		}
		names[r.Name] = true
		for field, ep := range map[string]string{f + ".endpoint": r.Endpoint, f + ".identityEndpoint": r.IdentityEndpoint, f + ".storageEndpoint": r.StorageEndpoint} {
			if err := checkEndpoint(typ, field, ep); err != nil {
				return err
			}
		}
	}
	for i, pemText := range caCerts {
		block, _ := pem.Decode([]byte(pemText))
		if block == nil || block.Type != "CERTIFICATE" {
			return badRequest(fieldIndex("caCertificates", i), "not a PEM certificate")
		}
		if _, err := x509.ParseCertificate(block.Bytes); err != nil {
			return badRequest(fieldIndex("caCertificates", i), "not a valid X.509 certificate: %v", err)
		}
	}
	return nil
}

func checkEndpoint(typ, field, ep string) error {
	if ep == "" {
		return nil
	}
	u, err := url.Parse(ep)
	if err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" {
		return nil
	}
	if typ == api.CloudTypeLXD {
		if _, _, err := net.SplitHostPort(ep); err == nil {
			return nil
		}
	}
	return badRequest(field, "%q is not an http(s) address", ep)
}

func fieldIndex(field string, i int) string { return field + "[" + itoa(i) + "]" }

func (s *server) createCloud(w http.ResponseWriter, r *http.Request) error {
	if !superuser(r) {
		return forbidden("only a superuser adds clouds")
	}
	var req api.CreateCloudRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Name == "" {
		return badRequest("name", "required")
	}
	if !cloudNameRE.MatchString(req.Name) || len(req.Name) > 64 {
		return badRequest("name", "%q is not a valid cloud name (letters, digits, . _ -)", req.Name)
	}
	if _, ok := api.AuthTypes[req.Type]; !ok {
		types := make([]string, 0, len(api.AuthTypes))
		for t := range api.AuthTypes {
			types = append(types, t)
		}
		sort.Strings(types)
		return badRequest("type", "%q is not a cloud type (%s)", req.Type, strings.Join(types, ", "))
	}
	isK8s := req.Type == api.CloudTypeKubernetes
	if isK8s && req.Kubernetes == nil {
		return badRequest("kubernetes", "required for clouds of type kubernetes")
	}
	if !isK8s && req.Kubernetes != nil {
		return badRequest("kubernetes", "only clouds of type kubernetes take it")
	}
	if isK8s && len(req.AuthTypes) == 0 {
		req.AuthTypes = []string{"clientcertificate"}
	}
	endpoint := req.Endpoint
	if isK8s && req.Kubernetes.Config != "" {
		server, err := kubeconfigServer(req.Kubernetes.Config)
		if err != nil {
			return err
		}
		if endpoint == "" {
			endpoint = server
		}
	}
	if err := checkCloudSpec(req.Type, req.AuthTypes, map[string]string{"endpoint": endpoint, "identityEndpoint": req.IdentityEndpoint, "storageEndpoint": req.StorageEndpoint}, req.Regions, req.CACertificates); err != nil {
		return err
	}
	regions := req.Regions
	if len(regions) == 0 {
		regions = []api.Region{{Name: "default"}}
	}
	cl := api.Cloud{Name: req.Name, Type: req.Type, AuthTypes: req.AuthTypes, Endpoint: endpoint, IdentityEndpoint: req.IdentityEndpoint,
		StorageEndpoint: req.StorageEndpoint, Regions: regions, CACertificates: req.CACertificates, CreatedAt: requestTime(r)}
	err := s.tx(r, func(tx *store.Tx) error {
		var old api.Cloud
		if found, err := tx.Get(kindCloud, req.Name, &old); err != nil {
			return err
		} else if found {
			return alreadyExists("name", "cloud %q already exists", req.Name)
		}
		if isK8s {
			k := req.Kubernetes
			if k.ParentCloudRegion != "" && k.ParentCloudName == "" {
				return badRequest("kubernetes.parentCloudName", "required with parentCloudRegion")
			}
			if k.ParentCloudName != "" {
				parent, err := s.loadCloud(tx, k.ParentCloudName)
				if err != nil {
					return notFoundField("kubernetes.parentCloudName", "cloud %q not found", k.ParentCloudName)
				}
				if k.ParentCloudRegion != "" && !slices.ContainsFunc(parent.Regions, func(r api.Region) bool { return r.Name == k.ParentCloudRegion }) {
					return notFoundField("kubernetes.parentCloudRegion", "cloud %q has no region %q", parent.Name, k.ParentCloudRegion)
				}
			}
			cl.Kubernetes = &api.KubernetesCloud{ParentCloudName: k.ParentCloudName, ParentCloudRegion: k.ParentCloudRegion,
				StorageClassName: k.StorageClassName, SkipServiceAccountCreation: k.SkipServiceAccountCreation, Credential: req.Name}
			cred := api.Credential{Name: req.Name, Cloud: req.Name, Owner: userOf(r).Name, AuthType: "clientcertificate",
				Attributes: map[string]string{"ClientCertificateData": sandboxPEM("CERTIFICATE"), "ClientKeyData": sandboxPEM("PRIVATE KEY")}, CreatedAt: requestTime(r)}
			if err := tx.Put(kindCredential, credentialID(cred.Cloud, cred.Owner, cred.Name), cred.Cloud, cred); err != nil {
				return err
			}
		}
		if err := tx.Put(kindCloud, cl.Name, "", cl); err != nil {
			return err
		}
		return rememberCreated(r, tx, cl)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, cl)
	return nil
}

// kubeconfigServer checks that a cluster config document names a cluster and
// returns the server address of the first.
func kubeconfigServer(doc string) (string, error) {
	if !regexp.MustCompile(`(?m)^clusters:`).MatchString(doc) {
		return "", badRequest("kubernetes.config", "not a cluster config document: it has no clusters")
	}
	m := regexp.MustCompile(`(?m)^\s*server:\s*"?([^"\s]+)"?\s*$`).FindStringSubmatch(doc)
	if m == nil {
		return "", badRequest("kubernetes.config", "not a cluster config document: its cluster has no server address")
	}
	if u, err := url.Parse(m[1]); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return "", badRequest("kubernetes.config", "cluster server %q is not an http(s) address", m[1])
	}
	return m[1], nil
}

func (s *server) updateCloud(w http.ResponseWriter, r *http.Request) error {
	if !superuser(r) {
		return forbidden("only a superuser changes clouds")
	}
	var req api.UpdateCloudRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	var cl *api.Cloud
	err := s.tx(r, func(tx *store.Tx) (err error) {
		if cl, err = s.loadCloud(tx, r.PathValue("name")); err != nil {
			return err
		}
		if cl.Builtin {
			return conflict("name", "cloud %q is built in and cannot change", cl.Name)
		}
		if err := checkCloudSpec(cl.Type, req.AuthTypes, map[string]string{"endpoint": req.Endpoint, "identityEndpoint": req.IdentityEndpoint, "storageEndpoint": req.StorageEndpoint}, req.Regions, req.CACertificates); err != nil {
			return err
		}
		regions := req.Regions
		if len(regions) == 0 {
			regions = []api.Region{{Name: "default"}}
		}
		models, err := store.List[modelRecord](tx, kindModel, "")
		if err != nil {
			return err
		}
		for _, m := range models {
			if m.Cloud == cl.Name && !slices.ContainsFunc(regions, func(r api.Region) bool { return r.Name == m.Region }) {
				return conflict("regions", "region %q is used by the model %q and cannot be removed", m.Region, m.Name)
			}
		}
		cl.AuthTypes, cl.Endpoint, cl.IdentityEndpoint, cl.StorageEndpoint = req.AuthTypes, req.Endpoint, req.IdentityEndpoint, req.StorageEndpoint
		cl.Regions, cl.CACertificates = regions, req.CACertificates
		return tx.Put(kindCloud, cl.Name, "", cl)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, cloudView(r, *cl))
	return nil
}

func (s *server) deleteCloud(w http.ResponseWriter, r *http.Request) error {
	if !superuser(r) {
		return forbidden("only a superuser removes clouds")
	}
	err := s.tx(r, func(tx *store.Tx) error {
		cl, err := s.loadCloud(tx, r.PathValue("name"))
		if err != nil {
			return err
		}
		if cl.Builtin {
			return removalBlocked("cloud %q is built in and cannot be removed", cl.Name)
		}
		models, err := store.List[modelRecord](tx, kindModel, "")
		if err != nil {
			return err
		}
		for _, m := range models {
			if m.Cloud == cl.Name {
				return removalBlocked("cloud %q is used by the model %q (owner %s)", cl.Name, m.Name, m.Owner)
			}
		}
		creds, err := store.List[api.Credential](tx, kindCredential, cl.Name)
		if err != nil {
			return err
		}
		for _, cr := range creds {
			if _, err := tx.Delete(kindCredential, credentialID(cr.Cloud, cr.Owner, cr.Name)); err != nil {
				return err
			}
		}
		_, err = tx.Delete(kindCloud, cl.Name)
		return err
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// credentialModels lists the UUIDs of the models using a credential.
func credentialModels(tx *store.Tx, cr api.Credential) ([]string, error) {
	models, err := store.List[modelRecord](tx, kindModel, "")
	if err != nil {
		return nil, err
	}
	out := []string{}
	for _, m := range models {
		if m.Credential == credentialID(cr.Cloud, cr.Owner, cr.Name) {
			out = append(out, m.UUID)
		}
	}
	return out, nil
}

func (s *server) loadCredential(r *http.Request, tx *store.Tx, cloud, owner, name string) (*api.Credential, error) {
	if _, err := s.loadCloud(tx, cloud); err != nil {
		return nil, err
	}
	var cr api.Credential
	found, err := tx.Get(kindCredential, credentialID(cloud, owner, name), &cr)
	if err != nil {
		return nil, err
	}
	// Another user's credential is answered as one that does not exist
	// (reliability R6).
	if !found || (!superuser(r) && owner != userOf(r).Name) {
		return nil, notFound("credential %q of %s on cloud %q not found", name, owner, cloud)
	}
	if cr.Models, err = credentialModels(tx, cr); err != nil {
		return nil, err
	}
	return &cr, nil
}

func (s *server) listCredentials(w http.ResponseWriter, r *http.Request) error {
	var out api.List[api.Credential]
	err := s.tx(r, func(tx *store.Tx) error {
		if _, err := s.loadCloud(tx, r.PathValue("cloud")); err != nil {
			return err
		}
		owner := r.URL.Query().Get("owner")
		var err error
		out, err = listPage(tx, r, kindCredential, r.PathValue("cloud"), func(cr *api.Credential) (api.Credential, bool, error) {
			if (!superuser(r) && cr.Owner != userOf(r).Name) || (owner != "" && cr.Owner != owner) {
				return api.Credential{}, false, nil
			}
			var err error
			cr.Models, err = credentialModels(tx, *cr)
			return *cr, true, err
		})
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// checkAttributes checks a credential's attributes against its auth type
// on its cloud's type.
func checkAttributes(cloudType, authType string, attrs map[string]string) error {
	rules := api.CredentialRules(cloudType, authType)
	for _, k := range rules.Required {
		if attrs[k] == "" {
			return badRequest("attributes."+k, "required for auth type %s", authType)
		}
	}
	allowed := append(append([]string{}, rules.Required...), rules.Optional...)
	keys := make([]string, 0, len(attrs))
	for k := range attrs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !slices.Contains(allowed, k) {
			if len(allowed) == 0 {
				return badRequest("attributes."+k, "auth type %s takes no attributes", authType)
			}
			return badRequest("attributes."+k, "not an attribute of auth type %s (%s)", authType, strings.Join(allowed, ", "))
		}
	}
	return nil
}

func checkCredentialAuth(cl *api.Cloud, authType string, attrs map[string]string) error {
	if authType == "" {
		return badRequest("authType", "required; cloud %q supports %s", cl.Name, strings.Join(cl.AuthTypes, ", "))
	}
	if !slices.Contains(cl.AuthTypes, authType) {
		return badRequest("authType", "%q is not an auth type of cloud %q (%s)", authType, cl.Name, strings.Join(cl.AuthTypes, ", "))
	}
	return checkAttributes(cl.Type, authType, attrs)
}

func (s *server) createCredential(w http.ResponseWriter, r *http.Request) error {
	var req api.CreateCredentialRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	if req.Name == "" {
		return badRequest("name", "required")
	}
	if !cloudNameRE.MatchString(req.Name) || len(req.Name) > 64 {
		return badRequest("name", "%q is not a valid credential name (letters, digits, . _ -)", req.Name)
	}
	if req.Owner == "" {
		req.Owner = userOf(r).Name
	}
	if req.Owner != userOf(r).Name && !superuser(r) {
		return forbidden("only a superuser adds credentials for other users")
	}
	var cr api.Credential
	err := s.tx(r, func(tx *store.Tx) error {
		cl, err := s.loadCloud(tx, r.PathValue("cloud"))
		if err != nil {
			return err
		}
		var u userRecord
		if found, err := tx.Get(kindUser, req.Owner, &u); err != nil {
			return err
		} else if !found {
			return notFoundField("owner", "user %q not found", req.Owner)
		}
		if err := checkCredentialAuth(cl, req.AuthType, req.Attributes); err != nil {
			return err
		}
		id := credentialID(cl.Name, req.Owner, req.Name)
		var old api.Credential
		if found, err := tx.Get(kindCredential, id, &old); err != nil {
			return err
		} else if found {
			return alreadyExists("name", "credential %q of %s on cloud %q already exists", req.Name, req.Owner, cl.Name)
		}
		cr = api.Credential{Name: req.Name, Cloud: cl.Name, Owner: req.Owner, AuthType: req.AuthType, Attributes: req.Attributes, Models: []string{}, CreatedAt: requestTime(r)}
		if err := tx.Put(kindCredential, id, cl.Name, cr); err != nil {
			return err
		}
		return rememberCreated(r, tx, cr)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, cr)
	return nil
}

func (s *server) getCredential(w http.ResponseWriter, r *http.Request) error {
	var cr *api.Credential
	err := s.tx(r, func(tx *store.Tx) (err error) {
		cr, err = s.loadCredential(r, tx, r.PathValue("cloud"), r.PathValue("owner"), r.PathValue("name"))
		return err
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, cr)
	return nil
}

func (s *server) updateCredential(w http.ResponseWriter, r *http.Request) error {
	var req api.UpdateCredentialRequest
	if err := decode(r, &req); err != nil {
		return err
	}
	var cr *api.Credential
	err := s.tx(r, func(tx *store.Tx) (err error) {
		if cr, err = s.loadCredential(r, tx, r.PathValue("cloud"), r.PathValue("owner"), r.PathValue("name")); err != nil {
			return err
		}
		cl, err := s.loadCloud(tx, cr.Cloud)
		if err != nil {
			return err
		}
		if err := checkCredentialAuth(cl, req.AuthType, req.Attributes); err != nil {
			return err
		}
		cr.AuthType, cr.Attributes = req.AuthType, req.Attributes
		models := cr.Models
		cr.Models = nil
		if err := tx.Put(kindCredential, credentialID(cr.Cloud, cr.Owner, cr.Name), cr.Cloud, cr); err != nil {
			return err
		}
		cr.Models = models
		return nil
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, cr)
	return nil
}

func (s *server) deleteCredential(w http.ResponseWriter, r *http.Request) error {
	err := s.tx(r, func(tx *store.Tx) error {
		cr, err := s.loadCredential(r, tx, r.PathValue("cloud"), r.PathValue("owner"), r.PathValue("name"))
		if err != nil {
			return err
		}
		if len(cr.Models) > 0 {
			return removalBlocked("credential %q is used by %d model(s) (%s)", cr.Name, len(cr.Models), strings.Join(cr.Models, ", "))
		}
		_, err = tx.Delete(kindCredential, credentialID(cr.Cloud, cr.Owner, cr.Name))
		return err
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
