#!/bin/sh
# Validates every corpus XML file with xmllint against the RELAX NG schemas.
# usage: validate_corpus.sh XMLLINT SCHEMA_DIR CORPUS_DIR
set -eu
xmllint=$1 schema=$2 corpus=$3 status=0 count=0
"$xmllint" --noout --relaxng "$schema/lexicon.rng" "$corpus/lexicon.xml" || status=1
for f in "$corpus"/*/*.xml; do
  count=$((count + 1))
  case "$(basename "$f")" in
    vocabulary.xml) rng=vocabulary.rng ;;
    phrasing.xml) rng=phrasing.rng ;;
    scenes.xml) rng=scenes.rng ;;
    asked.xml) rng=asked.rng ;;
    *) rng=rulebook.rng ;;
  esac
  "$xmllint" --noout --relaxng "$schema/$rng" "$f" || status=1
done
echo "validated $count corpus files"
exit $status
