//go:build !linux

// Transparent huge pages for the loader's shuffle buffer: Linux only.
package datasets

// adviseHugePages does nothing outside Linux (see hugepages_linux.go).
func adviseHugePages([]Sample) {}
