// arbitro/query.h: the whole public contract of the query library, one header per
// capability:
//   arbitro/engine.h     Engine: ask, resolve, show, toc, games, facts; the FTS5 baseline
//   arbitro/quiz.h       GenerateQuiz: referee quizzes
//   arbitro/committee.h  CheckCorpus and DiffRulebooks: committee lint and edition diff
#pragma once

#include "arbitro/committee.h"
#include "arbitro/engine.h"
#include "arbitro/quiz.h"
