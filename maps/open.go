package maps

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// shipped holds every map file distributed with arena, one folder per game.
//
//go:embed rockets/*.map rockets/*.data
var shipped embed.FS

// Open returns the content of a shipped map. name is either its path inside maps/
// ("rockets/small.map") or its file name alone ("small.map") when that is unambiguous;
// the extension may be left out ("rockets/small", "small").
func Open(name string) ([]byte, error) {
	matches := match(name)
	switch len(matches) {
	case 0:
		return nil, fmt.Errorf("maps: no shipped map %q (shipped: %s)", name, strings.Join(Names(), ", "))
	case 1:
		data, err := shipped.ReadFile(matches[0])
		if err != nil {
			return nil, fmt.Errorf("maps: reading %s: %w", matches[0], err)
		}
		return data, nil
	default:
		return nil, fmt.Errorf("maps: map name %q is ambiguous (%s): give the folder too", name, strings.Join(matches, ", "))
	}
}

// Names lists the shipped maps by their path inside maps/, sorted.
func Names() []string {
	var names []string
	// WalkDir over an embed.FS only fails for a bad root, which "." is not.
	_ = fs.WalkDir(shipped, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	return names
}

// match finds the shipped maps a name designates: a full path inside maps/ wins over a
// bare file name, which may be shared by maps of several games.
func match(name string) []string {
	name = strings.TrimPrefix(path.Clean(strings.TrimPrefix(name, "maps/")), "./")
	var exact, bare []string
	for _, p := range Names() {
		base := path.Base(p)
		switch {
		case name == p || name == strings.TrimSuffix(p, path.Ext(p)):
			exact = append(exact, p)
		case name == base || name == strings.TrimSuffix(base, path.Ext(base)):
			bare = append(bare, p)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	return bare
}
