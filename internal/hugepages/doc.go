// Package hugepages asks the kernel for transparent huge pages behind large
// buffers that are walked a row at a time or at random (the loader's shuffle
// buffer, the trainer's weights, gradients and optimiser state), where 4 KiB
// pages make nearly every access a TLB miss. Advise is a hint with no error:
// on a kernel with THP off, or outside Linux, it does nothing.
package hugepages
