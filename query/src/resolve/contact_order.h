// The order of two contacts as people tell it ("prima la palla, poi il difensore", "palla
// colpita e poi l'omino avversario", "dopo aver toccato l'omino prende la palla", "prima
// l'avversario e poi la palla"). Implemented in contact_order.cc.
//
// The reader finds a ball and one miniature named in order around the words that order
// them (prima … poi, e poi, quindi, successivamente, dopo aver …), in either order, and
// restates the order in fixed words the vocabularies' forms read: "prima la palla e poi una
// miniatura avversaria" / "prima una miniatura avversaria e poi la palla". Which fact takes
// the order (rugby's contatto, subbuteo's oggetto) is the game's vocabulary's business. A
// miniature of the mover's own side ("un compagno") or several ("due miniature") is no such
// order: the reader says nothing of it.
#pragma once

#include <string>
#include <vector>

#include "core/fact_reader.h"

namespace arbitro {

// One contact order the description states, restated.
struct ContactOrder {
  bool ball_first = false;
  std::string canonical;      // "prima la palla e poi una miniatura avversaria", …
  size_t first = 0, end = 0;  // the original words: [first, end) in the token vector
};

// The contact orders of a description (all its tokens, stopwords included).
std::vector<ContactOrder> ContactOrders(const std::vector<Token>& tokens);

// Reads the contact orders through the game's forms (a form must read the whole restated
// order). A fact they read replaces what the forms read of that fact starting within the
// order's words ("palla" and "omino avversario" as two things touched).
void ReadContactOrders(Engine::Impl& im, Engine::Impl::GameResolver& gr,
                       const std::vector<Token>& tokens, FactMap* facts);

// The order of a roll of the dice and a card played, as told ("ho già tirato i dadi e ho
// fatto 4, allora gioco la carta TACKLE", "tiro i dadi, esce 3, e solo dopo calo la carta"):
// the story is told in the order it happened, so the one told first came first. Restated as
// "dopo il lancio dei dadi" / "prima del lancio dei dadi" in the words the vocabularies'
// forms read; a fact the forms read of the text stands, and a question about the order
// ("prima o dopo?") tells none.
void ReadRollCardOrder(Engine::Impl& im, Engine::Impl::GameResolver& gr,
                       const std::vector<Token>& tokens, FactMap* facts);

}  // namespace arbitro
