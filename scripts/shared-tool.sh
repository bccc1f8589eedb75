# Sourced by terraform-path.sh and tofu-path.sh: where the project's copy of a
# CLI is.
#
# shared_tool SHARED prints SHARED (../shared/tools/<cli> beside the clone, as
# on the CI machines) when its install.sh exists. A clone made elsewhere (a
# clean clone in a temporary directory, a git worktree) has no shared/ beside
# it; then the same tools/<cli> of the shared/ beside the checkout it was
# cloned from (a local origin) or beside the main worktree stands in. Prints
# SHARED unchanged when neither has it (the caller finds no install.sh).
shared_tool() {
	local shared=$1 name tools top
	if [ ! -x "$shared/install.sh" ]; then
		name=$(basename "$shared")
		tools=$(basename "$(dirname "$shared")")
		for top in "$(git config --get remote.origin.url 2>/dev/null || true)" \
			"$(dirname "$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null || echo .)")"; do
			if [ -n "$top" ] && [ -d "$top" ] && [ -x "$top/../shared/$tools/$name/install.sh" ]; then
				shared=$top/../shared/$tools/$name
				break
			fi
		done
	fi
	printf '%s\n' "$shared"
}
