// Package shard reads which share of a run this process plays: "-shard i/n"
// or a scheduler's array index from the environment (Slurm job arrays,
// Kubernetes Indexed Jobs). The self-play and match binaries both use it, so
// an array task of either finds its shard the same way.
package shard
