package fwmgr

import "strings"

// Automatic NAT rules. A host, network, address range, gateway or cluster
// whose nat-settings has auto-rule true makes automatic NAT rules, which a
// package's show-nat-rulebase lists between the manual rules above them and
// the manual rules below them, as a management server lays them out:
//
//	manual rules and sections (the "upper" rules)
//	Automatic Generated Rules : Machine Static NAT        (hosts, gateways, clusters)
//	Automatic Generated Rules : Machine Hide NAT
//	Automatic Generated Rules : Address Range Static NAT
//	Automatic Generated Rules : Network Static NAT
//	Automatic Generated Rules : Address Range Hide NAT
//	Automatic Generated Rules : Network Hide NAT
//	Manual Lower Rules                                    (a section: the "lower" rules)
//	manual rules and sections
//
// Automatic rules have auto-generated true, no name, and rule numbers in the
// order of the whole rulebase; they and their sections (and Manual Lower
// Rules) cannot be changed or deleted (set-nat-rule, delete-nat-rule,
// set-nat-section, delete-nat-section answer 403 generic_err_forbidden):
// they follow the objects' nat-settings.

// AutoNATSections are the titles of the automatic sections, in rulebase
// order.
var AutoNATSections = []string{
	"Automatic Generated Rules : Machine Static NAT",
	"Automatic Generated Rules : Machine Hide NAT",
	"Automatic Generated Rules : Address Range Static NAT",
	"Automatic Generated Rules : Network Static NAT",
	"Automatic Generated Rules : Address Range Hide NAT",
	"Automatic Generated Rules : Network Hide NAT",
}

// ManualLowerRules is the title of the section that follows the automatic
// rules: the manual rules below them.
const ManualLowerRules = "Manual Lower Rules"

// IsAutoNATSection: name is the title of a section the server keeps (an
// automatic section, or Manual Lower Rules), not one that add-nat-section
// made.
func IsAutoNATSection(name string) bool {
	return name == ManualLowerRules || strings.HasPrefix(name, "Automatic Generated Rules : ")
}
