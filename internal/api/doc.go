// Package api holds, one subpackage per service, the wire types of each
// service contract written down in docs/api/<svc>.md: request and answer
// bodies with their JSON names, the enumerations and the rules that both
// sides check (ID patterns, name formats). The typed client
// (internal/client/<svc>) and the sandbox (internal/sandbox/<svc>) both
// import it, and neither imports the other, as juju's params package sits
// between its API client and server.
//
// Sharing the types cannot catch a JSON name that is wrong on both sides, so
// each sandbox is also tested with raw JSON against its contract
// (internal/sandbox/<svc>/contract_test.go).
package api
