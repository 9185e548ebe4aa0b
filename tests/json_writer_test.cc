// The JSON writer behind every --json output and the HTTP API (cli/json.h).
#include <catch2/catch.hpp>
#include <limits>
#include <sstream>
#include <string>

#include "json.h"

using arbitro::cli::JsonEscape;
using arbitro::cli::JsonWriter;

TEST_CASE("JsonEscape escapes what JSON requires and keeps valid UTF-8", "[json]") {
  CHECK(JsonEscape("") == "");
  CHECK(JsonEscape("palla ferma") == "palla ferma");
  CHECK(JsonEscape("\"tocco\" \\ fine") == "\\\"tocco\\\" \\\\ fine");
  CHECK(JsonEscape("a\nb\tc\rd") == "a\\nb\\tc\\rd");
  CHECK(JsonEscape(std::string("\x01x\x1f", 3)) == "\\u0001x\\u001f");
  CHECK(JsonEscape("metà è così €") == "metà è così €");
  // Invalid bytes, alone, at the start and at the end, become U+FFFD one byte each.
  CHECK(JsonEscape("\xff") == "\xEF\xBF\xBD");
  CHECK(JsonEscape("\xC3 x") == "\xEF\xBF\xBD x");
  CHECK(JsonEscape("fine\xE2\x82") == "fine\xEF\xBF\xBD\xEF\xBF\xBD");
  CHECK(JsonEscape("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");  // overlong '/'
}

TEST_CASE("JsonWriter writes one document with separators, numbers and escapes", "[json]") {
  std::ostringstream out;
  JsonWriter json(out);
  json.BeginObject()
      .Field("query", "perché \"mani\"?")
      .Key("limit")
      .Int(-12)
      .Key("score")
      .Number(0.125)
      .Key("nan")
      .Number(std::numeric_limits<double>::quiet_NaN())
      .Key("hits")
      .BeginArray()
      .Bool(true)
      .Bool(false)
      .Null()
      .StringOrNull("")
      .StringOrNull("x\n")
      .BeginObject()
      .EndObject()
      .EndArray()
      .EndObject()
      .Finish();
  CHECK(out.str() ==
        "{\"query\":\"perché \\\"mani\\\"?\",\"limit\":-12,\"score\":0.125,\"nan\":null,"
        "\"hits\":[true,false,null,null,\"x\\n\",{}]}\n");
}
