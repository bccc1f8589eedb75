package fwmgr
var showTable []showSpec
