// Package version names the build: the one version string every binary
// prints for -version, announces in UCI "id name", and writes into PGN and
// dataset headers.
package version

import (
	"runtime/debug"
	"strings"
)

// Override, when set at link time (go build -ldflags "-X
// dualnnue/internal/version.Override=v1.2.0"), is the version.
var Override string

// String returns the build's version: Override when set; else the module
// version when the binary was built from a tagged module (go install
// dualnnue/cmd/play@v1.2.0); else the VCS revision (12 hex digits, "-dirty"
// when the work tree had changes) that `go build` records in a checkout;
// "dev" when none is known (go run, or a build without VCS information).
func String() string {
	bi, _ := debug.ReadBuildInfo()
	return fromBuildInfo(Override, bi)
}

func fromBuildInfo(override string, bi *debug.BuildInfo) string {
	if override != "" {
		return override
	}
	if bi == nil {
		return "dev"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" && !strings.HasPrefix(v, "v0.0.0-") {
		return v
	}
	rev, dirty := "", ""
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev == "" {
		if v := bi.Main.Version; strings.HasPrefix(v, "v0.0.0-") {
			return v // a pseudo-version names the commit too
		}
		return "dev"
	}
	return rev[:min(len(rev), 12)] + dirty
}
