// Package version names the build: the one version string every binary
// prints for -version, announces in UCI "id name", and writes into PGN and
// dataset headers.
//
// The version is, first found: the link-time Override; the main module's
// version when it is a release or tag ("v1.2.0", as go install
// dualnnue/cmd/play@v1.2.0 records it, or a build at a tagged commit);
// the VCS revision cut to 12 hex digits, with "-dirty" when the work tree
// had changes; a pseudo-version when only that names the commit; "dev".
package version
