// A Pulumi package for ordering and managing network-connectivity products: locations, ports, cloud routers (MCR), IPsec add-ons, prefix filter lists, internet-exchange connections and NAT gateways.
package netfab
