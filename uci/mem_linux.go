// Physical memory size on Linux, to refuse a Hash the machine cannot hold.
package uci

import "syscall"

// physicalMiB returns the machine's RAM in MiB, or 0 when unknown.
func physicalMiB() int {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0
	}
	return int(uint64(si.Totalram) * uint64(si.Unit) >> 20)
}
