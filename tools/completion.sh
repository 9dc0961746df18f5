#!/usr/bin/env bash
# Writes the bash completion of nursery, generated from its own option tables:
#   tools/completion.sh path/to/nursery OUT.bash
# It reads `nursery --help` (the commands), then `nursery CMD --help` for every
# command (and `nursery CMD SUB --help` where the usage line names subcommands,
# as `gen lizards|skyscrapers` and `bench queens`). From each help it takes
#   - the options: every line of the table that starts with two blanks and a dash
#     ("  -m [ --method ] arg (=auto)", "  --resume", "  --estimate [=arg(=10)]");
#     an option followed by a value name (arg, FILE, OUT, ...) takes a value;
#   - file completion for the value of an option whose value name or long name
#     says file (FILE, OUT, PATH, --output, --checkpoint, --report, --merge, ...),
#     directory completion for DIR values;
#   - file completion for the positionals when the usage line names FILE, ANSWER
#     or PATH right after the command (lizards [FILE], verify FILE ANSWER, ...).
# The build runs it after linking nursery (apps/CMakeLists.txt); `cmake --install`
# puts the result in share/bash-completion/completions/nursery.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: tools/completion.sh path/to/nursery OUT.bash" >&2
  exit 2
fi
nursery=$1
out=$2

# The options of one help text, one line each: NAME KIND, KIND being
# flag | value | file | dir. Short options (-m) are listed as well as long ones.
parse_options() {
  awk '
    /^  -[^ ]/ {
      line = substr($0, 3)
      # the option part ends at the first run of two blanks (the description)
      cut = index(line, "  ")
      spec = cut ? substr(line, 1, cut - 1) : line
      short = ""; long = ""; rest = ""
      if (spec ~ /^-[^-] \[ --/) {          # -m [ --method ] ...
        short = substr(spec, 1, 2)
        spec = substr(spec, 6)
        end = index(spec, " ]")
        long = substr(spec, 1, end - 1)
        rest = substr(spec, end + 2)
      } else if (spec ~ /^--/) {            # --subproblems arg
        sp = index(spec, " ")
        long = sp ? substr(spec, 1, sp - 1) : spec
        rest = sp ? substr(spec, sp) : ""
      } else {                              # -x arg
        short = substr(spec, 1, 2)
        rest = substr(spec, 3)
      }
      sub(/^ +/, "", rest)
      kind = "flag"
      if (rest != "" && substr(rest, 1, 2) != "[=") {
        kind = "value"
        word = rest; sub(/ .*/, "", word)
        name = long; sub(/^--/, "", name)
        if (word ~ /DIR/ || name ~ /^peer-/) kind = "dir"
        else if (word ~ /FILE|OUT|PATH|ANSWER/ ||
                 name ~ /^(output|checkpoint|report|merge|max-board|bound|baseline-source|input)$/)
          kind = "file"
      }
      if (long != "") print long, kind
      if (short != "") print short, kind
    }'
}

# The words that follow "nursery CMD" on the first usage line, up to the first
# option: N, [FILE], FILE|GAME-ID, PATH..., lizards|skyscrapers, queens.
positionals() {
  awk -v cmd="$1" '
    /^usage:/ && !done {
      done = 1
      n = split($0, w, " ")
      for (i = 1; i <= n; i++) if (w[i] == "nursery" && w[i + 1] == cmd) break
      for (i += 2; i <= n; i++) {
        if (w[i] ~ /^\[?-/) break
        print w[i]
      }
    }'
}

# Every command of `nursery --help`.
commands=$("$nursery" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }')
if [ -z "$commands" ]; then
  echo "completion.sh: $nursery --help lists no commands" >&2
  exit 1
fi

spec_cases=""
sub_cases=""
add_spec() {  # KEY HELPTEXT [POSITIONAL WORDS...]
  local key=$1 help=$2 opts="" values="" files="" dirs="" pos=0 name kind
  shift 2
  while read -r name kind; do
    [ -n "$name" ] || continue
    opts+=" $name"
    case $kind in
      value) values+=" $name" ;;
      file) values+=" $name"; files+=" $name" ;;
      dir) values+=" $name"; dirs+=" $name" ;;
    esac
  done < <(printf '%s\n' "$help" | parse_options)
  if [[ " $* " =~ (FILE|ANSWER|PATH) ]]; then pos=1; fi
  spec_cases+="    '$key') opts='${opts# }' values='${values# }' files='${files# }' dirs='${dirs# }' pos=$pos ;;"$'\n'
}

for cmd in $commands; do
  help=$("$nursery" "$cmd" --help 2>&1 || true)
  mapfile -t words < <(printf '%s\n' "$help" | positionals "$cmd")
  subs=""
  # A first word of lowercase names (gen lizards|skyscrapers, bench queens)
  # is a subcommand with options of its own.
  if [ ${#words[@]} -gt 0 ] && [[ ${words[0]} =~ ^[a-z][a-z|-]*$ ]]; then
    subs=${words[0]//|/ }
  fi
  if [ -n "$subs" ]; then
    sub_cases+="    '$cmd') subs='$subs' ;;"$'\n'
    for sub in $subs; do
      subhelp=$("$nursery" "$cmd" "$sub" --help 2>&1 || true)
      mapfile -t subwords < <(printf '%s\n' "$subhelp" | positionals "$cmd" | tail -n +2)
      add_spec "$cmd $sub" "$subhelp" "${subwords[@]}"
    done
  fi
  add_spec "$cmd" "$help" "${words[@]}"
done

version=$("$nursery" --version 2>/dev/null || echo "nursery")
tmp="$out.tmp.$$"
cat > "$tmp" <<EOF
# bash completion for nursery ($version).
# Generated by tools/completion.sh from \`nursery --help\` and \`nursery COMMAND --help\`;
# do not edit (rebuild instead). Enable: source this file, or install it as
# share/bash-completion/completions/nursery (cmake --install does).

# _nursery_spec KEY: the options of a command (KEY "count" or "gen lizards").
_nursery_spec() {
  opts='' values='' files='' dirs='' pos=0
  case \$1 in
$spec_cases  esac
}

# _nursery_subs COMMAND: its subcommands, if any.
_nursery_subs() {
  subs=''
  case \$1 in
$sub_cases  esac
}

_nursery() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=''
  local opts values files dirs pos subs key
  ((COMP_CWORD > 0)) && prev=\${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    COMPREPLY=(\$(compgen -W '$(echo $commands) help --help --version' -- "\$cur"))
    return 0
  fi
  local cmd=\${COMP_WORDS[1]}
  if [[ \$cmd == help ]]; then
    ((COMP_CWORD == 2)) && COMPREPLY=(\$(compgen -W '$(echo $commands)' -- "\$cur"))
    return 0
  fi
  key=\$cmd
  _nursery_subs "\$cmd"
  if [[ -n \$subs ]]; then
    if ((COMP_CWORD == 2)); then
      COMPREPLY=(\$(compgen -W "\$subs --help" -- "\$cur"))
      return 0
    fi
    [[ " \$subs " == *" \${COMP_WORDS[2]} "* ]] && key="\$cmd \${COMP_WORDS[2]}"
  fi
  _nursery_spec "\$key"
  # The value of an option: a file, a directory, or nothing to offer.
  if [[ -n \$prev && " \$values " == *" \$prev "* ]]; then
    if [[ " \$files " == *" \$prev "* ]]; then
      compopt -o filenames 2>/dev/null
      COMPREPLY=(\$(compgen -f -- "\$cur"))
    elif [[ " \$dirs " == *" \$prev "* ]]; then
      compopt -o filenames 2>/dev/null
      COMPREPLY=(\$(compgen -d -- "\$cur"))
    fi
    return 0
  fi
  if [[ \$cur == -* ]]; then
    COMPREPLY=(\$(compgen -W "\$opts" -- "\$cur"))
  elif ((pos)); then
    compopt -o filenames 2>/dev/null
    COMPREPLY=(\$(compgen -f -- "\$cur"))
  fi
  return 0
}
complete -F _nursery nursery
EOF
mv "$tmp" "$out"
