// Developer tool: prints what an index generation holds, in a canonical text form, to
// compare two builds of one corpus (an indexer change must not change it):
//   Xapian: document count and lengths, every term with its frequencies and postings
//   (document:wdf), each document's length and data, synonyms, spelling words and
//   frequencies, user metadata (size and a hash of each value);
//   SQLite: is left to `sqlite3 FILE .dump` (see bench/index_diff.sh).
// usage: arbitro_index_dump XAPIAN_DIR > out.txt
#include <xapian.h>

#include <functional>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: arbitro_index_dump XAPIAN_DIR\n";
    return 2;
  }
  try {
    Xapian::Database db(argv[1]);
    std::cout << "documents " << db.get_doccount() << " last " << db.get_lastdocid()
              << " total_length " << db.get_total_length() << "\n";
    for (auto t = db.allterms_begin(); t != db.allterms_end(); ++t) {
      std::cout << "T " << *t << " tf " << t.get_termfreq() << " cf " << db.get_collection_freq(*t)
                << " :";
      for (auto p = db.postlist_begin(*t); p != db.postlist_end(*t); ++p)
        std::cout << " " << *p << ":" << p.get_wdf();
      std::cout << "\n";
    }
    for (Xapian::docid d = 1; d <= db.get_lastdocid(); ++d) {
      try {
        const Xapian::Document doc = db.get_document(d);
        std::cout << "D " << d << " length " << db.get_doclength(d) << " unique "
                  << db.get_unique_terms(d) << " data " << doc.get_data() << "\n";
      } catch (const Xapian::DocNotFoundError&) {
      }
    }
    for (auto k = db.synonym_keys_begin(); k != db.synonym_keys_end(); ++k) {
      std::cout << "S " << *k << " :";
      for (auto s = db.synonyms_begin(*k); s != db.synonyms_end(*k); ++s) std::cout << " " << *s;
      std::cout << "\n";
    }
    for (auto w = db.spellings_begin(); w != db.spellings_end(); ++w)
      std::cout << "W " << *w << " " << w.get_termfreq() << "\n";
    for (auto m = db.metadata_keys_begin(); m != db.metadata_keys_end(); ++m) {
      const std::string value = db.get_metadata(*m);
      std::cout << "M " << *m << " " << value.size() << " " << std::hash<std::string>()(value)
                << "\n";
    }
  } catch (const Xapian::Error& e) {
    std::cerr << "arbitro_index_dump: " << e.get_description() << "\n";
    return 1;
  }
  return 0;
}
