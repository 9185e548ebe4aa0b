// Measured lengths as people write them ("la palla si ferma a 3 cm", "spinge l'ovale 9 cm
// in avanti", "si allontana di 7 centimetri", "5cm", "2,5 cm", "12 mm", "una decina di
// cm", "tra 3 e 4 cm") and the threshold facts they read. Implemented in measure.cc.
//
// A vocabulary declares which values of a fact are ranges of a length (corpus/README.md
// §6: <value unit="cm" less-than="5">); this reader turns a length said in the text into
// the value whose range holds it. A length the text states as a bound ("meno di 3 cm",
// "oltre i 7 cm") is read as the half-line it says; a length that defines a shape of the
// rules ("nel raggio di 5 cm") is none. A length that not one value's range wholly holds
// (5 cm exactly, when the book says "less than 5" and "more than 5"; "meno di 8 cm") reads
// nothing.
#pragma once

#include <string>
#include <vector>

#include "core/fact_reader.h"

namespace arbitro {

// One length the description says was measured: an interval in millimetres, a point for
// "3 cm", [8, 12] cm for "una decina di cm", [0, 30) mm for "meno di 3 cm", (70, inf) mm
// for "oltre 7 cm".
struct Measure {
  double low_mm = 0, high_mm = 0;
  bool low_open = false, high_open = false;  // the end itself is not in
  size_t first = 0, end = 0;                 // the words: [first, end) in the token vector
};

// Whether every length of `m` lies in `range`.
bool RangeHolds(const MeasureRange& range, const Measure& m);

// The measured lengths of a description (all its tokens, stopwords included).
std::vector<Measure> Measures(const std::vector<Token>& tokens);

// Reads the game's threshold facts from the measured lengths of the description. When
// several facts of the game have ranges, the words around the measure decide which fact
// it belongs to (the terms of each fact's own forms and labels that no other of those
// facts uses); nothing is read when they do not. A value read from a measure replaces
// what the forms read of that fact elsewhere ("8 cm più vicina alla meta": not "vicino").
void ReadMeasures(const Engine::Impl::GameResolver& gr, const std::vector<Token>& tokens,
                  FactMap* facts);

}  // namespace arbitro
