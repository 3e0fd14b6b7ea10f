//go:build !linux

// Transparent huge pages for the trainer's large buffers: Linux only.
package train

// adviseHugePages does nothing outside Linux (see hugepages_linux.go).
func adviseHugePages([]float32) {}
