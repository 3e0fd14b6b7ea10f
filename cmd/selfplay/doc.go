// Command selfplay generates training data by self-play (see package selfplay).
//
//	selfplay [flags]             play the games of a config (default: the embedded small config of -game)
//	selfplay data COMMAND ...    dataset tools (inspect, stats, verify, merge, split, export, import)
//	selfplay [COMMAND] -h        the help of a command: synopsis, usage, example, flags
//
// Flags override the config file's keys. On SIGINT/SIGTERM the run drops the
// games in flight, closes its files and exits 0; -resume continues it.
package main
