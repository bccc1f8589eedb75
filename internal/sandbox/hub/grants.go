package hub

import (
	"net/http"
	"slices"
	"strings"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Access to models and offers (docs/api/hub.md, "Models and offers"): a
// model's owner and a hub administrator hold administrator on it; anyone
// else holds what the tuples on model-<uuid> (and, for an offer,
// applicationoffer-<url>) give one of its subjects, computed afresh on every
// request. The hub is where these grants are enforced: the controller sees
// a routed request as one of the model's owner, so the hub lets through only
// what the caller's level allows.

// modelLevels are the model access levels, strongest first.
var modelLevels = []string{hubapi.AccessAdministrator, hubapi.AccessWriter, hubapi.AccessReader}

// offerLevels are the offer access levels, strongest first.
var offerLevels = []string{hubapi.AccessAdministrator, hubapi.AccessConsumer, hubapi.AccessReader}

// includes reports whether the level held gives the level needed.
func includes(held, needed string) bool {
	return held != "" && slices.Contains(hubapi.Includes(needed), held)
}

// strongest is the strongest of levels that one of the subjects holds on
// target, "" for none.
func strongest(tx *store.Tx, subjects map[string]bool, target string, levels []string) (string, error) {
	for _, l := range levels {
		ok, err := holds(tx, subjects, l, target)
		if err != nil || ok {
			if ok {
				return l, nil
			}
			return "", err
		}
	}
	return "", nil
}

// modelLevel is the caller's access to a model of the hub.
func modelLevel(tx *store.Tx, who *caller, m modelRecord) (string, error) {
	if who.admin || m.Owner == who.owner {
		return hubapi.AccessAdministrator, nil
	}
	return strongest(tx, who.subjects, hubapi.ModelTarget(m.UUID), modelLevels)
}

// offerLevel is the caller's access to the offer url of the model m: an
// administrator of the model administers its offers.
func offerLevel(tx *store.Tx, who *caller, m modelRecord, url string) (string, error) {
	ml, err := modelLevel(tx, who, m)
	if err != nil || ml == hubapi.AccessAdministrator {
		return ml, err
	}
	return strongest(tx, who.subjects, hubapi.OfferTarget(url), offerLevels)
}

// offeringModel is the hub's model of an offer URL (<owner>/<model>.<offer>).
func offeringModel(tx *store.Tx, url string) (modelRecord, bool, error) {
	owner, name, _ := hubapi.SplitOfferURL(url)
	mine, err := store.ListByRef[modelRecord](tx, kindModel, "owner:"+owner)
	if err != nil {
		return modelRecord{}, false, err
	}
	i := slices.IndexFunc(mine, func(m modelRecord) bool { return m.Name == name })
	if i < 0 {
		return modelRecord{}, false, nil
	}
	return mine[i], true, nil
}

// neededModelLevel is the model access level an operation on a model
// needs; rest is the path after /v1/models/{uuid}, without the leading
// slash.
func neededModelLevel(r *http.Request, rest string) string {
	first, _, _ := strings.Cut(rest, "/")
	switch {
	case first == "access":
		// Who has access to the model is its administrators' business.
		return hubapi.AccessAdministrator
	case first == "secrets" && r.URL.Query().Get("reveal") != "" && r.URL.Query().Get("reveal") != "false":
		// Secret values are revealed to administrators only.
		return hubapi.AccessAdministrator
	case r.Method == http.MethodGet || r.Method == http.MethodHead:
		return hubapi.AccessReader
	case rest == "", first == "ssh-keys", first == "storage-pools", first == "offers":
		// The model itself, its keys, its storage pools and its offers.
		return hubapi.AccessAdministrator
	}
	return hubapi.AccessWriter
}

// deniedModel is the answer to a caller whose level is lower than an
// operation needs, naming both.
func deniedModel(who *caller, held, needed string, m modelRecord) error {
	return forbidden("%s has %s access to the model %q; this operation needs %s access (a tuple {%s, %s, %s})",
		who.object, held, m.Name, needed, who.object, needed, hubapi.ModelTarget(m.UUID))
}

// forgetGrants removes the tuples on a model and on its offers, when the
// model goes: a later model of the same name (and so offer URLs) starts
// with no grants.
func forgetGrants(tx *store.Tx, m modelRecord) error {
	if err := deleteTuplesNaming(tx, hubapi.ModelTarget(m.UUID)); err != nil {
		return err
	}
	prefix := hubapi.OfferTarget(m.Owner + "/" + m.Name + ".")
	all, err := store.List[hubapi.Tuple](tx, kindTuple, "")
	if err != nil {
		return err
	}
	for _, t := range all {
		if strings.HasPrefix(t.Target, prefix) {
			if _, err := tx.Delete(kindTuple, tupleID(t)); err != nil {
				return err
			}
		}
	}
	return nil
}

// consumedOffers are the offer URLs (of this hub's controllers) that a
// request to create an integration names.
func consumedOffers(req orchapi.CreateIntegrationRequest) []string {
	var out []string
	for _, e := range req.Endpoints {
		if e.OfferURL != "" && !strings.Contains(e.OfferURL, ":") {
			out = append(out, e.OfferURL)
		}
	}
	return out
}
