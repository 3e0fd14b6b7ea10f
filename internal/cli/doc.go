// Package cli is the command-line behaviour the binaries share (selfplay,
// train, play): subcommands, help, flags anywhere on the line, exit codes.
//
// Every command follows the same rules:
//
//   - "-h", "-help", "--help" anywhere, or "help" as the first argument,
//     prints the command's synopsis, usage, subcommands, example and flags
//     to stdout and exits 0 ("play help match" is "play match -h");
//   - flags and positional arguments mix in any order ("data export FILE
//     -o out.txt"); "--" ends the flags, so a file named "-x" is "-- -x";
//   - an unknown flag, a bad flag value, a missing argument or a stray
//     word where none is taken is an error naming it on stderr, followed
//     by the usage line, exit code 2;
//   - a failure of the work itself exits 1; a run stopped by Ctrl-C or
//     SIGTERM says how to continue and exits 130 (Call.Stopped);
//   - "-version", "--version" or "version" alone prints the binary's name
//     and version (package version) and exits 0.
//
// The package uses the standard flag package (single-dash flags, as the
// engine world's tools have them); it adds only what flag lacks: the
// subcommand tree, interspersed arguments and the uniform help.
package cli
