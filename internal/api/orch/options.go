package orch

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// CharmOptionTypes are the types a charm's option (config.yaml) may have,
// upstream's: string, int, float, boolean and secret. Model, controller and
// bootstrap configuration keys have string, int, boolean and duration
// (their tables declare each key's type).
var CharmOptionTypes = []string{OptionString, OptionInt, OptionFloat, OptionBool, OptionSecret}

// optionTypes are every type CheckOptionValue knows, in the order of its
// messages.
var optionTypes = []string{OptionString, OptionInt, OptionFloat, OptionBool, OptionDuration, OptionSecret}

// CheckOptionValue is the one rule of a configuration value of a type: a
// charm option's (an application's config), a model, controller or
// bootstrap configuration key's. The client (the provider at plan, the CLI)
// and the service (the sandbox) both check with it, so that a value one
// accepts the other does not refuse.
//
//   - string and secret: any value (a secret option takes a secret URI, as
//     upstream's settings given as strings do, unchecked);
//   - int: a decimal integer (64 bits);
//   - float: a number, as strconv.ParseFloat reads it;
//   - boolean: true or false;
//   - duration: a Go duration (5m0s).
//
// Which types a value may have is the business of the declaration: a
// charm's options have CharmOptionTypes (no duration), the configuration
// keys' tables no float nor secret. An unknown type is refused, as upstream
// refuses it.
func CheckOptionValue(typ, v string) error {
	switch typ {
	case OptionString, OptionSecret:
	case OptionBool:
		if v != "true" && v != "false" {
			return fmt.Errorf("%q is not a boolean (true or false)", v)
		}
	case OptionInt:
		if _, err := strconv.ParseInt(v, 10, 64); err != nil {
			return fmt.Errorf("%q is not an integer", v)
		}
	case OptionFloat:
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			return fmt.Errorf("%q is not a number", v)
		}
	case OptionDuration:
		if _, err := time.ParseDuration(v); err != nil {
			return fmt.Errorf("%q is not a duration (for example 5m0s)", v)
		}
	default:
		return fmt.Errorf("the option type %q is unknown (the types are %s)", typ, strings.Join(optionTypes, ", "))
	}
	return nil
}
