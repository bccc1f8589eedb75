package migration

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/google/uuid"
)

// IDPattern is the rule for every name segment: project, location, import
// job ID and import data file ID. 1 to 63 characters, lowercase letters,
// digits and hyphens, starting with a letter and not ending with a hyphen.
const IDPattern = `^[a-z]([a-z0-9-]{0,61}[a-z0-9])?$`

// IDRule says IDPattern in words, for error messages.
const IDRule = "must be 1 to 63 characters of lowercase letters, digits and hyphens, start with a letter and not end with a hyphen"

// IDRegexp is IDPattern compiled.
var IDRegexp = regexp.MustCompile(IDPattern)

// MaxDisplayNameLength is the most characters (Unicode code points) a
// displayName may have.
const MaxDisplayNameLength = 256

// LocationName returns projects/{project}/locations/{location}.
func LocationName(project, location string) string {
	return "projects/" + project + "/locations/" + location
}

// ImportJobName returns the full name of an import job.
func ImportJobName(project, location, job string) string {
	return LocationName(project, location) + "/importJobs/" + job
}

// ImportDataFileName returns the full name of an import data file.
func ImportDataFileName(project, location, job, file string) string {
	return ImportJobName(project, location, job) + "/importDataFiles/" + file
}

// ParseImportJobName splits
// projects/{project}/locations/{location}/importJobs/{importJob}.
func ParseImportJobName(name string) (project, location, job string, err error) {
	seg, err := parseName(name, "projects", "locations", "importJobs")
	if err != nil {
		return "", "", "", err
	}
	return seg[0], seg[1], seg[2], nil
}

// ParseImportDataFileName splits projects/{project}/locations/{location}/
// importJobs/{importJob}/importDataFiles/{importDataFile}.
func ParseImportDataFileName(name string) (project, location, job, file string, err error) {
	seg, err := parseName(name, "projects", "locations", "importJobs", "importDataFiles")
	if err != nil {
		return "", "", "", "", err
	}
	return seg[0], seg[1], seg[2], seg[3], nil
}

// parseName checks that name is collection/id pairs with the given
// collections and valid IDs, and returns the IDs.
func parseName(name string, collections ...string) ([]string, error) {
	var want strings.Builder
	for i, c := range collections {
		if i > 0 {
			want.WriteString("/")
		}
		fmt.Fprintf(&want, "%s/{%s}", c, strings.TrimSuffix(c, "s"))
	}
	parts := strings.Split(name, "/")
	if len(parts) != 2*len(collections) {
		return nil, fmt.Errorf("%q is not a name of the form %s", name, want.String())
	}
	ids := make([]string, 0, len(collections))
	for i, c := range collections {
		if parts[2*i] != c {
			return nil, fmt.Errorf("%q is not a name of the form %s", name, want.String())
		}
		id := parts[2*i+1]
		if !IDRegexp.MatchString(id) {
			return nil, fmt.Errorf("%q: the ID %q after %q %s", name, id, c, IDRule)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// CheckRequestID reports what is wrong with a requestId: it must be a UUID in
// its canonical 36-character form and not the all-zero UUID. The empty string
// (no requestId) is fine.
func CheckRequestID(id string) error {
	if id == "" {
		return nil
	}
	u, err := uuid.Parse(id)
	if err != nil || len(id) != 36 {
		return fmt.Errorf("%q is not a valid UUID (expected the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)", id)
	}
	if u == uuid.Nil {
		return fmt.Errorf("the all-zero UUID %s is not allowed", id)
	}
	return nil
}
