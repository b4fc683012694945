// Package gclplugin is ydblint's golangci-lint v2 module plugin. Importing it
// registers the linter "ydblint"; its settings are the ydblint_config flags
// (see passes/config) under the same kebab-case names, and unknown settings
// are errors.
//
// .custom-gcl.yml:
//
//	version: v2.15.0        # golangci-lint >= v2.14.0 (fact-cache fixes); v2.15.0 pins x/tools v0.52.0
//	plugins:
//	  - module: github.com/ydblint/ydblint
//	    import: github.com/ydblint/ydblint/analyzer/gclplugin
//	    version: latest     # or path: /path/to/ydblint
//
// .golangci.yml:
//
//	version: "2"
//	linters:
//	  default: none
//	  enable: [ydblint]
//	  settings:
//	    custom:
//	      ydblint:
//	        type: module
//	        description: YDB key-design checks
//	        settings:
//	          migrations: db/migrations      # or a list
//	          include-pkgs: [github.com/acme/app]
//	issues:
//	  max-issues-per-linter: 0
//	  max-same-issues: 0
//
// # Rule identity
//
// golangci-lint names every issue of a module plugin after the plugin, so
// its JSON, SARIF (ruleId) and Code Climate reports say "ydblint" for all
// rules; it prefixes the text with the analyzer's name when that differs,
// so each issue reads "<rule>: message". That prefix is the rule's identity
// there: severity.rules and linters.exclusions.rules match it with
// text: "^fullscan: ". One linter per rule would take a plugin name, and a
// linters.settings.custom block, per rule, while the configuration is one
// per process; so ydblint is one linter. Set issues.max-issues-per-linter
// and issues.max-same-issues to 0: golangci-lint's defaults (50 and 3) hide
// findings.
//
// The settings are applied to the process-wide config flags when
// golangci-lint builds the analyzers, which it does once per run. The load
// mode is types info: the rules need type information and SSA.
package gclplugin
