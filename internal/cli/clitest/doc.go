// Package clitest holds every command of a binary's tree to the rules of
// package cli: help, bad flags, stray words, and examples that parse.
package clitest
