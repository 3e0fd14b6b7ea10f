package version

import (
	"regexp"
	"runtime/debug"
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
	if v := bi.Main.Version; v != "" && v != "(devel)" && !pseudo.MatchString(v) {
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
		if v := bi.Main.Version; pseudo.MatchString(v) {
			return v // a pseudo-version names the commit too
		}
		return "dev"
	}
	return rev[:min(len(rev), 12)] + dirty
}

// pseudo matches a Go pseudo-version, a version the toolchain makes from a
// commit rather than a tag: "v0.0.0-20261204034800-0123456789ab" (no tag
// before the commit), "v1.2.4-0.20261204034800-0123456789ab" (a later
// commit than tag v1.2.3), "v1.3.0-rc.1.0.20261204034800-0123456789ab"
// (after a pre-release tag), each optionally with "+dirty".
var pseudo = regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+-(.+\.)?(0\.)?[0-9]{14}-[0-9a-f]{12}(\+.*)?$`)
