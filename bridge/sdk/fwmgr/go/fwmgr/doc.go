// A Pulumi package for reading the configuration and state of a firewall operating system through its OS API: interfaces, BGP, PIM, IS-IS, IGMP, BOOTP relay, clusters, connections, diagnostics, dynamic layers, features and IP conflicts.
package fwmgr
