// The version string the engine announces.
package main

// version is announced in "id name"; set with -ldflags "-X main.version=..".
var version = "dev"
