// Merging a run's shards into one dataset file in game order, refusing a lost or duplicated game.
package selfplay

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	"dualnnue/datasets"
)

// MergeShards writes every game of cfg's run (cfg.Games over cfg.Shards
// shards in cfg.Output, each shard in one or more parts after resumes) into
// out, shard after shard and each shard's games by their index, so the
// file is the same however the shards' parts were cut by kills and
// resumes. Every game of every shard must be there exactly once: a missing
// game, a game held twice or a damaged part is an error naming the shard
// or the file, and out is left as it was. It returns the games and positions
// written.
func MergeShards(cfg Config, out string) (games int, positions uint64, err error) {
	if cfg.Shards <= 0 {
		return 0, 0, fmt.Errorf("selfplay: merge: %d shards", cfg.Shards)
	}
	if cfg.Games <= 0 {
		return 0, 0, fmt.Errorf("selfplay: merge: a run of %d games has no game count to check (a run until stopped: merge its parts with selfplay data merge)", cfg.Games)
	}
	if err := cfg.Game.Check(); err != nil {
		return 0, 0, err
	}
	g := cfg.Game.Variant()
	var w *datasets.Writer
	defer func() {
		if w != nil && err != nil {
			w.Abort()
		}
	}()
	for i := 0; i < cfg.Shards; i++ {
		parts, err := filepath.Glob(filepath.Join(cfg.Output, filePrefix(cfg.Game, i, cfg.Shards)+"-p*.dnds"))
		if err != nil {
			return 0, 0, err
		}
		sort.Strings(parts)
		want := ShardGames(cfg.Games, i, cfg.Shards)
		byIndex := make([]*datasets.GameRecord, want)
		where := make([]string, want)
		for _, p := range parts {
			info, problems, err := partGames(p, func(k int, rec *datasets.GameRecord) error {
				if k < 0 || k >= want {
					return fmt.Errorf("selfplay: %s holds game %d of shard %d/%d, which has %d", p, k, i, cfg.Shards, want)
				}
				if byIndex[k] != nil {
					return fmt.Errorf("selfplay: game %d of shard %d/%d is in %s and in %s", k, i, cfg.Shards, where[k], p)
				}
				byIndex[k] = &datasets.GameRecord{StartFEN: rec.StartFEN, Book: slices.Clone(rec.Book), Plies: slices.Clone(rec.Plies), Result: rec.Result}
				where[k] = p
				return nil
			})
			if err != nil {
				return 0, 0, err
			}
			if len(problems) > 0 {
				return 0, 0, fmt.Errorf("selfplay: %s: %v (selfplay data verify %s)", p, problems[0], p)
			}
			if w == nil {
				extra := map[string]string{}
				for k, v := range info.Extra {
					extra[k] = v
				}
				delete(extra, "first_game")
				delete(extra, "games")
				extra["shard"] = "all"
				extra["merged_shards"] = strconv.Itoa(cfg.Shards)
				info.Extra = extra
				if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
					return 0, 0, err
				}
				os.Remove(out + ".new") // a merge killed before its rename
				if w, err = datasets.Create(out+".new", g, info, nil); err != nil {
					return 0, 0, err
				}
			}
		}
		for k, rec := range byIndex {
			if rec == nil {
				return 0, 0, fmt.Errorf("selfplay: game %d of shard %d/%d is in none of its files (%d parts): the shard did not finish", k, i, cfg.Shards, len(parts))
			}
			if err := w.WriteGame(rec); err != nil {
				return 0, 0, err
			}
			games++
			positions += uint64(len(rec.Plies))
		}
	}
	if w == nil {
		return 0, 0, fmt.Errorf("selfplay: merge: no shard files in %s", cfg.Output)
	}
	if err = w.Close(); err != nil {
		return 0, 0, err
	}
	w = nil
	// Written whole, then renamed over an earlier merge.
	if err := os.Rename(out+".new", out); err != nil {
		return 0, 0, err
	}
	return games, positions, nil
}
