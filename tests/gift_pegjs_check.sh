#!/bin/sh
# Parses arbitro's GIFT export with gift-pegjs (the npm GIFT parser), as a real importer
# would, and checks every question it reads: category lines, titles, stems, answers.
# usage: gift_pegjs_check.sh ARBITRO NPM_PREFIX WORKDIR
# Exit 77 (ctest: skipped) with a message when node or gift-pegjs is not installed
# (.ci/run installs it: npm install --prefix build/npm gift-pegjs).
set -eu
arbitro=$1 prefix=$2 work=$3
if ! command -v node >/dev/null 2>&1; then
  echo "SKIPPED: node is not installed (apt-get install nodejs npm)"; exit 77
fi
module="$(cd "$prefix" 2>/dev/null && pwd || true)/node_modules/gift-pegjs"
if [ ! -d "$module" ]; then
  echo "SKIPPED: gift-pegjs is not installed (npm install --prefix $prefix gift-pegjs)"; exit 77
fi
mkdir -p "$work"
# A fresh index of the corpus (one left by an older build may be of another format).
"$arbitro" --index "$work/index" index >/dev/null
"$arbitro" --index "$work/index" quiz --format gift --count 400 --seed 11 -o "$work/quiz.gift" 2>/dev/null
"$arbitro" --index "$work/index" quiz --format json --count 400 --seed 11 -o "$work/quiz.json" 2>/dev/null
node - "$module" "$work/quiz.gift" "$work/quiz.json" <<'JS'
const [module, giftPath, jsonPath] = process.argv.slice(2);
const fs = require('fs');
const { parse } = require(module);
const gift = fs.readFileSync(giftPath, 'utf8');
const quiz = JSON.parse(fs.readFileSync(jsonPath, 'utf8'));
let parsed;
try {
  parsed = parse(gift);
} catch (e) {
  console.error('gift-pegjs refused the export:', e.message, JSON.stringify(e.location));
  process.exit(1);
}
const questions = parsed.filter((q) => q.type !== 'Category');
const categories = parsed.filter((q) => q.type === 'Category');
const fail = (msg) => { console.error(msg); process.exit(1); };
if (questions.length !== quiz.questions.length)
  fail(`gift-pegjs read ${questions.length} questions, the quiz has ${quiz.questions.length}`);
if (categories.length === 0) fail('no $CATEGORY line');
for (const c of categories) {
  if (!c.title.startsWith('$course$/top/Arbitro/')) fail('category outside $course$: ' + c.title);
}
const expected = { situation: 'MC', mc: 'MC', tf: 'TF', numeric: 'Numerical', cloze: 'Short' };
const strip = (html) => html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
  .replace(/&quot;/g, '"').replace(/&amp;/g, '&');
questions.forEach((g, i) => {
  const q = quiz.questions[i];
  if (g.type !== expected[q.kind]) fail(`${q.id}: type ${g.type}, expected ${expected[q.kind]}`);
  if (g.title !== q.name) fail(`${q.id}: title '${g.title}' is not the name '${q.name}'`);
  if (g.stem.format !== 'html' || strip(g.stem.text) !== q.stem) fail(`${q.id}: stem differs: ${g.stem.text}`);
  if (!g.globalFeedback || !g.globalFeedback.text.includes('<blockquote>'))
    fail(`${q.id}: no general feedback with the rule text`);
  if (g.type === 'TF' && g.isTrue !== q.truth) fail(`${q.id}: truth differs`);
  if (g.type === 'Numerical') {
    const c = Array.isArray(g.choices) ? g.choices[0].text : g.choices;
    if (c.number !== q.value) fail(`${q.id}: number ${JSON.stringify(c)} is not ${q.value}`);
  }
  if (g.type === 'MC') {
    if (g.choices.length !== q.answers.length) fail(`${q.id}: ${g.choices.length} choices`);
    g.choices.forEach((c, k) => {
      const a = q.answers[k];
      if (c.isCorrect !== a.correct) fail(`${q.id}: answer ${k} correctness differs`);
      if (strip(c.text.text) !== a.text) fail(`${q.id}: answer ${k} text '${c.text.text}'`);
      if (!c.feedback || !c.feedback.text) fail(`${q.id}: answer ${k} has no feedback`);
    });
  }
  if (g.type === 'Short' && g.choices.length !== q.accepted.length) fail(`${q.id}: accepted answers differ`);
});
console.log(`gift-pegjs: ${questions.length} questions in ${categories.length} categories parsed and checked`);
JS
